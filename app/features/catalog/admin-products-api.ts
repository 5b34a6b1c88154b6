import { apiClient } from "#app/lib/api-client.ts";
import type { ProductPatch } from "#domain/catalog/product-edit-schemas.ts";
import type { ShippingTableInput } from "#domain/shipping/shipping-table-schemas.ts";
import type { cartContract } from "#server/contracts/cart.ts";
import type { catalogContract } from "#server/contracts/catalog.ts";
import { cartRoutes } from "#server/contracts/cart.routes.ts";
import { catalogRoutes } from "#server/contracts/catalog.routes.ts";
import { shippingRoutes } from "#server/contracts/shipping.routes.ts";
import type { shippingContract } from "#server/contracts/shipping.ts";

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
  saveShippingTable: (table: ShippingTableInput) =>
    shipping.call("adminPutShippingRates", { body: table, fallbackMessage: "Não foi possível salvar a tabela de frete. Tente novamente." }),
  quoteShipping: (cep: string) => cart.call("quoteShipping", { query: { cep }, fallbackMessage: "Não foi possível cotar o frete." }),
};
