import { productNotFound } from "#domain/catalog/catalog-errors.ts";
import { getEditableProduct, listEditableProducts, updateProduct } from "#domain/catalog/product-editing.server.ts";
import { SPEC_TABLE_VIEW } from "#domain/catalog/product-edit-schemas.ts";
import { defineEndpoint } from "#server/http/api.ts";
import { ADMIN_ONLY } from "#server/http/guards.ts";
import { catalogContract } from "#server/contracts/catalog.ts";

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
    const { db, config } = c.get("services");
    return updateProduct(db, { productId: params.id, patch: body, actorUserId: user.id, origin: config.PUBLIC_URL });
  },
});

export const catalogEndpoints = [adminListProductsEndpoint, adminGetProductEndpoint, adminUpdateProductEndpoint];
