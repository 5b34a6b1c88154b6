import { z } from "zod";
import { productNotFound } from "#domain/catalog/catalog-errors.ts";
import { defineContract, uuidParam } from "#server/contracts/define-contract.ts";
import { editableProductListSchema, editableProductSchema, productPatchSchema } from "#domain/catalog/product-edit-schemas.ts";
import { catalogRoutes } from "#server/contracts/catalog.routes.ts";

/** A product's id in the path; a malformed one is a missing product. */
export const productParams = z.object({ id: uuidParam(productNotFound) });

export const catalogContract = defineContract(catalogRoutes, {
  adminListProducts: {
    operationId: "adminListProducts",
    summary: "Todos os produtos com cada campo que o editor altera, e a tabela de preços da especificação",
    tag: "admin",
    response: editableProductListSchema,
  },
  adminGetProduct: {
    operationId: "adminGetProduct",
    summary: "Um produto com cada campo que o editor altera e sua versão",
    tag: "admin",
    params: productParams,
    response: editableProductSchema,
  },
  adminUpdateProduct: {
    operationId: "adminUpdateProduct",
    summary:
      "Altera campos de um produto (textos, selo, compra, estoque ou encomenda, preço ou tabela por grama). Envie a versão lida: se outra pessoa alterou o produto desde então, responde 409. Vale na hora para a página, o calculate-price, o carrinho e o checkout; pedidos feitos mantêm seus preços",
    tag: "admin",
    params: productParams,
    body: productPatchSchema,
    response: editableProductSchema,
  },
});
