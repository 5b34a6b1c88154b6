import { productNotFound } from "#domain/catalog/catalog-errors.ts";
import { getEditableProduct, listEditableProducts, updateProduct } from "#domain/catalog/product-editing.server.ts";
import { SPEC_TABLE_VIEW } from "#domain/catalog/product-edit-schemas.ts";
import { defineEndpoint } from "#server/http/api.ts";
import { ADMIN_ONLY } from "#server/http/guards.ts";
import { catalogContract } from "#server/contracts/catalog.ts";
import { createProduct, duplicateProduct } from "#domain/catalog/product-creation.server.ts";
import { productFile, uploadProductFile } from "#domain/catalog/product-files.server.ts";
import { DOWNLOAD_TOO_LARGE_MESSAGE, DOWNLOAD_UPLOAD_FIELD, MAX_DOWNLOAD_BYTES } from "#domain/catalog/product-file-rules.ts";
import { productDownloadOrders } from "#domain/delivery/deliveries.server.ts";
import { orderNumbers } from "#domain/orders/customer-orders.server.ts";
import { ApiError } from "#server/http/errors.ts";
import { readUploadedPdf, type UploadSpec } from "#server/http/uploads.ts";

export const PRODUCT_FILE_UPLOAD: UploadSpec = {
  field: DOWNLOAD_UPLOAD_FIELD,
  maxBytes: MAX_DOWNLOAD_BYTES,
  mediaTypes: ["application/pdf"],
  description: "O PDF que o comprador baixa (o tipo é lido do conteúdo, %PDF-), até 50 MB",
  tooLarge: () => new ApiError(413, "file_too_large", DOWNLOAD_TOO_LARGE_MESSAGE),
};

/* The owner's product editor (issue 17 item 5, decision 021); the shipping table is server/api/shipping.ts. */

export const adminListProductsEndpoint = defineEndpoint({
  ...catalogContract.adminListProducts,
  guard: ADMIN_ONLY,
  async handler({ c }) {
    const { db, config } = c.get("services");
    return { products: await listEditableProducts(db, config.PUBLIC_URL), specPriceTable: SPEC_TABLE_VIEW };
  },
});

export const adminGetProductEndpoint = defineEndpoint({
  ...catalogContract.adminGetProduct,
  guard: ADMIN_ONLY,
  async handler({ params, c }) {
    const { db, config } = c.get("services");
    const product = await getEditableProduct(db, params.id, config.PUBLIC_URL);
    if (!product) throw productNotFound();
    return product;
  },
});

export const adminUpdateProductEndpoint = defineEndpoint({
  ...catalogContract.adminUpdateProduct,
  guard: ADMIN_ONLY,
  async handler({ params, body, c, user }) {
    const services = c.get("services");
    return updateProduct(services, { productId: params.id, patch: body, actorUserId: user.id, origin: services.config.PUBLIC_URL });
  },
});

export const adminCreateProductEndpoint = defineEndpoint({
  ...catalogContract.adminCreateProduct,
  guard: ADMIN_ONLY,
  async handler({ body, c, user }) {
    const { db, config } = c.get("services");
    return createProduct(db, { product: body, actorUserId: user.id, origin: config.PUBLIC_URL });
  },
});

export const adminDuplicateProductEndpoint = defineEndpoint({
  ...catalogContract.adminDuplicateProduct,
  guard: ADMIN_ONLY,
  async handler({ params, c, user }) {
    const { db, config } = c.get("services");
    return duplicateProduct(db, { productId: params.id, actorUserId: user.id, origin: config.PUBLIC_URL });
  },
});

export const adminGetProductFileEndpoint = defineEndpoint({
  ...catalogContract.adminGetProductFile,
  guard: ADMIN_ONLY,
  handler: ({ params, c }) => productFile(c.get("services").db, c.get("services").config, params.id),
});

export const adminUploadProductFileEndpoint = defineEndpoint({
  ...catalogContract.adminUploadProductFile,
  guard: ADMIN_ONLY,
  upload: PRODUCT_FILE_UPLOAD,
  async handler({ params, c, user }) {
    const bytes = await readUploadedPdf(c, PRODUCT_FILE_UPLOAD);
    const { db, config } = c.get("services");
    return uploadProductFile(db, config, { productId: params.id, bytes, actorUserId: user.id });
  },
});

export const adminProductDownloadsEndpoint = defineEndpoint({
  ...catalogContract.adminProductDownloads,
  guard: ADMIN_ONLY,
  async handler({ params, c }) {
    const { db, config } = c.get("services");
    // A missing product is a 404, not an empty list.
    await productFile(db, config, params.id);
    return { downloads: await productDownloadOrders(db, params.id, orderNumbers) };
  },
});

export const catalogEndpoints = [
  adminListProductsEndpoint,
  adminGetProductEndpoint,
  adminUpdateProductEndpoint,
  adminCreateProductEndpoint,
  adminDuplicateProductEndpoint,
  adminGetProductFileEndpoint,
  adminUploadProductFileEndpoint,
  adminProductDownloadsEndpoint,
];
