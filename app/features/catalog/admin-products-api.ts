import { apiClient } from "#app/lib/api-client.ts";
import { ApiCallError } from "#app/lib/fetch-json.ts";
import { uploadForm } from "#app/lib/upload-form.ts";
import type { ProductCreateInput } from "#domain/catalog/product-create-schemas.ts";
import { DOWNLOAD_TOO_LARGE_MESSAGE, DOWNLOAD_UPLOAD_FIELD, MAX_DOWNLOAD_BYTES } from "#domain/catalog/product-file-rules.ts";
import type { ProductPatch } from "#domain/catalog/product-edit-schemas.ts";
import type { ShippingTableInput } from "#domain/shipping/shipping-table-schemas.ts";
import type { cartContract } from "#server/contracts/cart.ts";
import type { catalogContract } from "#server/contracts/catalog.ts";
import { cartRoutes } from "#server/contracts/cart.routes.ts";
import { catalogRoutes } from "#server/contracts/catalog.routes.ts";
import { shippingRoutes } from "#server/contracts/shipping.routes.ts";
import type { shippingContract } from "#server/contracts/shipping.ts";

type ProductFileView = { productId: string; fileName: string | null; uploaded: boolean };

const catalog = apiClient<typeof catalogContract>(catalogRoutes);
const shipping = apiClient<typeof shippingContract>(shippingRoutes);
const cart = apiClient<typeof cartContract>(cartRoutes);

/** The editor's calls (server/contracts/catalog.ts and shipping.ts), typed by their contracts; errors carry the server's Portuguese message. */
export const adminProductsApi = {
  updateProduct: (uuid: string, patch: ProductPatch) =>
    catalog.call("adminUpdateProduct", {
      params: { id: uuid },
      body: patch,
      fallbackMessage: "Não foi possível salvar o produto. Tente novamente.",
    }),
  createProduct: (product: ProductCreateInput) =>
    catalog.call("adminCreateProduct", { body: product, fallbackMessage: "Não foi possível criar o produto. Tente novamente." }),
  duplicateProduct: (uuid: string) =>
    catalog.call("adminDuplicateProduct", {
      params: { id: uuid },
      fallbackMessage: "Não foi possível duplicar o produto. Tente novamente.",
    }),
  /** Sends the PDF as multipart/form-data; a file over 50 MB is refused here, without sending it. */
  uploadProductFile: (uuid: string, file: File) => {
    if (file.size > MAX_DOWNLOAD_BYTES) return Promise.reject(new ApiCallError(DOWNLOAD_TOO_LARGE_MESSAGE, 413, "file_too_large"));
    return uploadForm<ProductFileView>(catalog.href("adminUploadProductFile", { params: { id: uuid } }), DOWNLOAD_UPLOAD_FIELD, file);
  },
  saveShippingTable: (table: ShippingTableInput) =>
    shipping.call("adminPutShippingRates", { body: table, fallbackMessage: "Não foi possível salvar a tabela de frete. Tente novamente." }),
  quoteShipping: (cep: string) => cart.call("quoteShipping", { query: { cep }, fallbackMessage: "Não foi possível cotar o frete." }),
};
