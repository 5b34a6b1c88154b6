import { productNotFound } from "#domain/catalog/catalog-errors.ts";
import { getEditableProduct, listEditableProducts, updateProduct } from "#domain/catalog/product-editing.server.ts";
import { SPEC_TABLE_VIEW } from "#domain/catalog/product-edit-schemas.ts";
import { readShippingTable, replaceShippingTable } from "#domain/shipping/shipping-table.server.ts";
import { defineEndpoint } from "#server/http/api.ts";
import { ADMIN_ONLY } from "#server/http/guards.ts";
import { adminProductsContract } from "#server/contracts/admin-products.ts";

/* The owner's product editor and shipping table (issue 17 items 5 and 7, decision 021). */

export const adminListProductsEndpoint = defineEndpoint({
  ...adminProductsContract.adminListProducts,
  guard: ADMIN_ONLY,
  async handler({ c }) {
    const { db, config } = c.get("services");
    return { products: await listEditableProducts(db, config.PUBLIC_URL), specPriceTable: SPEC_TABLE_VIEW };
  },
});

export const adminGetProductEndpoint = defineEndpoint({
  ...adminProductsContract.adminGetProduct,
  guard: ADMIN_ONLY,
  async handler({ params, c }) {
    const { db, config } = c.get("services");
    const product = await getEditableProduct(db, params.id, config.PUBLIC_URL);
    if (!product) throw productNotFound();
    return product;
  },
});

export const adminUpdateProductEndpoint = defineEndpoint({
  ...adminProductsContract.adminUpdateProduct,
  guard: ADMIN_ONLY,
  async handler({ params, body, c, user }) {
    const { db, config } = c.get("services");
    return updateProduct(db, { productId: params.id, patch: body, actorUserId: user.id, origin: config.PUBLIC_URL });
  },
});

export const adminGetShippingRatesEndpoint = defineEndpoint({
  ...adminProductsContract.adminGetShippingRates,
  guard: ADMIN_ONLY,
  async handler({ c }) {
    return readShippingTable(c.get("services").db);
  },
});

export const adminPutShippingRatesEndpoint = defineEndpoint({
  ...adminProductsContract.adminPutShippingRates,
  guard: ADMIN_ONLY,
  async handler({ body, c, user }) {
    return replaceShippingTable(c.get("services").db, body, user.id);
  },
});

export const adminProductEndpoints = [
  adminListProductsEndpoint,
  adminGetProductEndpoint,
  adminUpdateProductEndpoint,
  adminGetShippingRatesEndpoint,
  adminPutShippingRatesEndpoint,
];
