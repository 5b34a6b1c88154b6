import { fetchJson } from "#app/lib/fetch-json.ts";
import type { editableProductSchema, ProductPatch } from "#domain/catalog/product-edit-schemas.ts";
import type { ShippingTableInput, shippingTableViewSchema } from "#domain/shipping/shipping-table-schemas.ts";
import type { cartShippingQuoteSchema } from "#domain/cart/cart-schemas.ts";

/** The editor's calls (server/api/catalog.ts), typed by their response schemas; errors carry the server's Portuguese message. */
export const adminProductsApi = {
  updateProduct: (uuid: string, patch: ProductPatch) =>
    fetchJson<typeof editableProductSchema>(`/api/admin/products/${encodeURIComponent(uuid)}`, {
      method: "PATCH",
      json: patch,
      fallbackMessage: "Não foi possível salvar o produto. Tente novamente.",
    }),
  saveShippingTable: (table: ShippingTableInput) =>
    fetchJson<typeof shippingTableViewSchema>("/api/admin/shipping-rates", {
      method: "PUT",
      json: table,
      fallbackMessage: "Não foi possível salvar a tabela de frete. Tente novamente.",
    }),
  quoteShipping: (cep: string) =>
    fetchJson<typeof cartShippingQuoteSchema>(`/api/shipping/quote?cep=${encodeURIComponent(cep)}`, {
      fallbackMessage: "Não foi possível cotar o frete.",
    }),
};
