import { z } from "zod";
import { getEditableProduct, listEditableProducts, updateProduct } from "#domain/catalog/product-editing.server.ts";
import {
  editableProductListSchema,
  editableProductSchema,
  productPatchSchema,
  SPEC_TABLE_VIEW,
} from "#domain/catalog/product-edit-schemas.ts";
import { defineEndpoint } from "#server/http/api.ts";
import { ApiError } from "#server/http/errors.ts";
import { ADMIN_ONLY } from "#server/http/guards.ts";
import { uuidParam } from "#server/http/params.ts";

/* The owner's product editor (issue 17 item 5, decision 021); the shipping table is server/api/shipping.ts. */

const productNotFound = () => new ApiError(404, "product_not_found", "Produto não encontrado.");
const productParams = z.object({ id: uuidParam(productNotFound) });

export const adminListProductsEndpoint = defineEndpoint({
  method: "get",
  path: "/admin/products",
  operationId: "adminListProducts",
  summary: "Todos os produtos com cada campo que o editor altera, e a tabela de preços da especificação",
  tag: "admin",
  guard: ADMIN_ONLY,
  response: editableProductListSchema,
  async handler({ c }) {
    const { db, config } = c.get("services");
    return { products: await listEditableProducts(db, config.PUBLIC_URL), specPriceTable: SPEC_TABLE_VIEW };
  },
});

export const adminGetProductEndpoint = defineEndpoint({
  method: "get",
  path: "/admin/products/:id",
  operationId: "adminGetProduct",
  summary: "Um produto com cada campo que o editor altera e sua versão",
  tag: "admin",
  guard: ADMIN_ONLY,
  params: productParams,
  response: editableProductSchema,
  async handler({ params, c }) {
    const { db, config } = c.get("services");
    const product = await getEditableProduct(db, params.id, config.PUBLIC_URL);
    if (!product) throw productNotFound();
    return product;
  },
});

export const adminUpdateProductEndpoint = defineEndpoint({
  method: "patch",
  path: "/admin/products/:id",
  operationId: "adminUpdateProduct",
  summary:
    "Altera campos de um produto (textos, selo, compra, estoque ou encomenda, preço ou tabela por grama). Envie a versão lida: se outra pessoa alterou o produto desde então, responde 409. Vale na hora para a página, o calculate-price, o carrinho e o checkout; pedidos feitos mantêm seus preços",
  tag: "admin",
  guard: ADMIN_ONLY,
  params: productParams,
  body: productPatchSchema,
  response: editableProductSchema,
  async handler({ params, body, c, user }) {
    const { db, config } = c.get("services");
    return updateProduct(db, { productId: params.id, patch: body, actorUserId: user.id, origin: config.PUBLIC_URL });
  },
});

export const catalogEndpoints = [adminListProductsEndpoint, adminGetProductEndpoint, adminUpdateProductEndpoint];
