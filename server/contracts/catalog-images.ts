import { z } from "zod";
import { defineContract, uuidParam } from "#server/contracts/define-contract.ts";
import { imageNotFound, productNotFound } from "#domain/catalog/catalog-errors.ts";
import { productImagesSchema, reorderImagesBodySchema, updateImageBodySchema } from "#domain/catalog/product-image-schemas.ts";
import { catalogImagesRoutes } from "#server/contracts/catalog-images.routes.ts";

/** A product's id in the path (a malformed one is a missing product), and one of its pictures'. */
const productParams = z.object({ id: uuidParam(productNotFound) });
const imageParams = z.object({ id: uuidParam(productNotFound), imageId: uuidParam(imageNotFound) });

export const catalogImagesContract = defineContract(catalogImagesRoutes, {
  listProductImages: {
    operationId: "adminListProductImages",
    summary: "As fotos enviadas de um produto, na ordem da galeria (a primeira é a principal)",
    tag: "admin",
    params: productParams,
    response: productImagesSchema,
  },
  uploadProductImage: {
    operationId: "adminUploadProductImage",
    summary:
      "Envia uma foto (multipart, campo file; JPEG, PNG ou WebP pelos primeiros bytes, até 10 MB): gera AVIF e WebP em 400, 800 e 1200 px e um JPEG 1200×630 para prévias de links; entra no fim da galeria (a primeira do produto vira a principal)",
    tag: "admin",
    params: productParams,
    response: productImagesSchema,
    status: 201,
  },
  reorderProductImages: {
    operationId: "adminReorderProductImages",
    summary: "Nova ordem da galeria: todas as fotos do produto, cada uma uma vez (a primeira vira a principal)",
    tag: "admin",
    params: productParams,
    body: reorderImagesBodySchema,
    response: productImagesSchema,
  },
  updateProductImage: {
    operationId: "adminSetMainProductImage",
    summary: "Escolhe a foto principal (main: true): ela vai para o início da galeria, as outras mantêm a ordem",
    tag: "admin",
    params: imageParams,
    body: updateImageBodySchema,
    response: productImagesSchema,
  },
  deleteProductImage: {
    operationId: "adminDeleteProductImage",
    summary: "Exclui uma foto da galeria (sem fotos, volta a imagem padrão do catálogo); os arquivos somem quando nenhum produto os usa",
    tag: "admin",
    params: imageParams,
    response: productImagesSchema,
  },
});
