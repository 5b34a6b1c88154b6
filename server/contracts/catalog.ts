import { z } from "zod";
import { productNotFound } from "#domain/catalog/catalog-errors.ts";
import { defineContract, uuidParam } from "#server/contracts/define-contract.ts";
import { editableProductListSchema, editableProductSchema, productPatchSchema } from "#domain/catalog/product-edit-schemas.ts";
import { catalogRoutes } from "#server/contracts/catalog.routes.ts";
import { productCreateSchema } from "#domain/catalog/product-create-schemas.ts";

/** Whether a digital product's file is in the storage (decision 062). */
export const productFileSchema = z.object({ productId: z.string(), fileName: z.string().nullable(), uploaded: z.boolean() });

/** The orders that downloaded a product's file, the latest first (decision 062). */
export const productDownloadsSchema = z.object({
  downloads: z.array(
    z.object({ orderId: z.string(), orderNumber: z.number().int(), firstAt: z.string(), lastAt: z.string(), times: z.number().int() }),
  ),
});

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
  adminCreateProduct: {
    operationId: "adminCreateProduct",
    summary:
      "Cria um produto (categoria, tipo: por grama, por unidade, sob encomenda, serviço ou digital; textos, preço, estoque, peso e medidas, selo). Nasce oculto; o endereço /produto/<slug> é único (409 quando já é de outro)",
    tag: "admin",
    body: productCreateSchema,
    response: editableProductSchema,
    status: 201,
  },
  adminDuplicateProduct: {
    operationId: "adminDuplicateProduct",
    summary:
      "Duplica um produto com textos, preços, estoque, medidas e fotos, oculto, com nome e endereço livres; sem avaliações nem arquivo",
    tag: "admin",
    params: productParams,
    response: editableProductSchema,
    status: 201,
  },
  adminGetProductFile: {
    operationId: "adminGetProductFile",
    summary: "O arquivo para download de um produto digital: o nome e se já foi enviado ao armazenamento",
    tag: "admin",
    params: productParams,
    response: productFileSchema,
  },
  adminUploadProductFile: {
    operationId: "adminUploadProductFile",
    summary:
      "Envia ou substitui o arquivo de um produto digital (multipart, campo file): só PDF, reconhecido pelo conteúdo (%PDF-), até 50 MB; guardado no armazenamento privado (disco ou bucket)",
    tag: "admin",
    params: productParams,
    response: productFileSchema,
  },
  adminProductDownloads: {
    operationId: "adminProductDownloads",
    summary: "Os pedidos que baixaram o arquivo do produto, com número, primeira e última vez",
    tag: "admin",
    params: productParams,
    response: productDownloadsSchema,
  },
});
