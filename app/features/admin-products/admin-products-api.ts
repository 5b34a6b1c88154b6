import { apiClient } from "#app/lib/api-client.ts";
import type { ProductPatch } from "#domain/catalog/product-edit-schemas.ts";
import type { ShippingTableInput } from "#domain/shipping/shipping-table-schemas.ts";
import type { adminProductsContract } from "#server/contracts/admin-products.ts";
import type { cartContract } from "#server/contracts/cart.ts";
import { adminProductsRoutes, cartRoutes } from "#server/contracts/routes.ts";

const products = apiClient<typeof adminProductsContract>(adminProductsRoutes);
const cart = apiClient<typeof cartContract>(cartRoutes);

/** The editor's calls (server/contracts/admin-products.ts), typed by their contract; errors carry the server's Portuguese message. */
export const adminProductsApi = {
  updateProduct: (uuid: string, patch: ProductPatch) =>
    products.call("adminUpdateProduct", {
      params: { id: uuid },
      body: patch,
      fallbackMessage: "Não foi possível salvar o produto. Tente novamente.",
    }),
  saveShippingTable: (table: ShippingTableInput) =>
    products.call("adminPutShippingRates", { body: table, fallbackMessage: "Não foi possível salvar a tabela de frete. Tente novamente." }),
  quoteShipping: (cep: string) => cart.call("quoteShipping", { query: { cep }, fallbackMessage: "Não foi possível cotar o frete." }),
};
