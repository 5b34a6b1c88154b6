import { z } from "zod";
import { getEditableProduct, listEditableProducts, updateProduct } from "#domain/catalog/product-editing.server.ts";
import {
  editableProductListSchema,
  editableProductSchema,
  productPatchSchema,
  SPEC_TABLE_VIEW,
} from "#domain/catalog/product-edit-schemas.ts";
import { readShippingTable, replaceShippingTable } from "#domain/shipping/shipping-table.server.ts";
import { shippingTableSchema, shippingTableViewSchema } from "#domain/shipping/shipping-table-schemas.ts";
import { defineEndpoint } from "#server/http/api.ts";
import { ApiError } from "#server/http/errors.ts";
import { ADMIN_ONLY } from "#server/http/guards.ts";
import { uuidParam } from "#server/http/params.ts";

/* The owner's product editor and shipping table (issue 17 items 5 and 7, decision 021). */

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

export const adminGetShippingRatesEndpoint = defineEndpoint({
  method: "get",
  path: "/admin/shipping-rates",
  operationId: "adminGetShippingRates",
  summary: "A tabela de frete: PAC e SEDEX (preço e prazo) por região de CEP, e as faixas de peso de cada um",
  tag: "admin",
  guard: ADMIN_ONLY,
  response: shippingTableViewSchema,
  async handler({ c }) {
    return readShippingTable(c.get("services").db);
  },
});

export const adminPutShippingRatesEndpoint = defineEndpoint({
  method: "put",
  path: "/admin/shipping-rates",
  operationId: "adminPutShippingRates",
  summary:
    "Substitui a tabela de frete (regiões de CEP contíguas, preços ≥ 0, prazos ≥ 1 dia, faixas de peso crescentes); a próxima cotação já usa a nova",
  tag: "admin",
  guard: ADMIN_ONLY,
  body: shippingTableSchema,
  response: shippingTableViewSchema,
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
