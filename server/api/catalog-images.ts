/**
 * The admin's product pictures (issue 17 item 6): list, upload (multipart), reorder, choose the
 * main one, delete. Admins only; every change is in the audit log (domain/catalog/product-images.server.ts).
 */
import { z } from "zod";
import { ACCEPTED_IMAGE_TYPES, IMAGE_UPLOAD_FIELD, MAX_IMAGE_BYTES } from "#domain/catalog/product-image-rules.ts";
import { productImagesSchema, reorderImagesBodySchema, updateImageBodySchema } from "#domain/catalog/product-image-schemas.ts";
import {
  addProductImage,
  deleteProductImage,
  listProductImages,
  reorderProductImages,
  setMainProductImage,
} from "#domain/catalog/product-images.server.ts";
import { fileStorageFor } from "#platform/storage/file-storage.ts";
import { defineEndpoint } from "#server/http/api.ts";
import { ApiError } from "#server/http/errors.ts";
import { ADMIN_ONLY } from "#server/http/guards.ts";
import { uuidParam } from "#server/http/params.ts";
import { readUploadedImage, type UploadSpec } from "#server/http/uploads.ts";
import type { Context } from "hono";
import type { AppEnv } from "#server/http/app-env.ts";

const productNotFound = () => new ApiError(404, "product_not_found", "Produto não encontrado.");
const imageNotFound = () => new ApiError(404, "image_not_found", "Imagem não encontrada neste produto.");

const productParams = z.object({ id: uuidParam(productNotFound) });
const imageParams = z.object({ id: uuidParam(productNotFound), imageId: uuidParam(imageNotFound) });

export const PRODUCT_IMAGE_UPLOAD: UploadSpec = {
  field: IMAGE_UPLOAD_FIELD,
  maxBytes: MAX_IMAGE_BYTES,
  mediaTypes: ACCEPTED_IMAGE_TYPES,
  description: "A foto: JPEG, PNG ou WebP (o tipo é lido dos primeiros bytes do arquivo), até 10 MB",
  tooLarge: () => new ApiError(413, "image_too_large", "A imagem passa de 10 MB. Envie um arquivo menor."),
};

const storageOf = (c: Context<AppEnv>) => fileStorageFor(c.get("services").config);

export const listProductImagesEndpoint = defineEndpoint({
  method: "get",
  path: "/admin/products/:id/images",
  operationId: "adminListProductImages",
  summary: "As fotos enviadas de um produto, na ordem da galeria (a primeira é a principal)",
  tag: "admin",
  guard: ADMIN_ONLY,
  params: productParams,
  response: productImagesSchema,
  handler: ({ params, c }) => listProductImages(c.get("services").db, params.id),
});

export const uploadProductImageEndpoint = defineEndpoint({
  method: "post",
  path: "/admin/products/:id/images",
  operationId: "adminUploadProductImage",
  summary:
    "Envia uma foto (multipart, campo file; JPEG, PNG ou WebP pelos primeiros bytes, até 10 MB): gera AVIF e WebP em 400, 800 e 1200 px e um JPEG 1200×630 para prévias de links; entra no fim da galeria (a primeira do produto vira a principal)",
  tag: "admin",
  guard: ADMIN_ONLY,
  upload: PRODUCT_IMAGE_UPLOAD,
  params: productParams,
  response: productImagesSchema,
  status: 201,
  async handler({ params, c, user }) {
    const { bytes } = await readUploadedImage(c, PRODUCT_IMAGE_UPLOAD);
    return addProductImage(c.get("services").db, storageOf(c), { productId: params.id, bytes, actorUserId: user.id });
  },
});

export const reorderProductImagesEndpoint = defineEndpoint({
  method: "patch",
  path: "/admin/products/:id/images",
  operationId: "adminReorderProductImages",
  summary: "Nova ordem da galeria: todas as fotos do produto, cada uma uma vez (a primeira vira a principal)",
  tag: "admin",
  guard: ADMIN_ONLY,
  params: productParams,
  body: reorderImagesBodySchema,
  response: productImagesSchema,
  handler: ({ params, body, c, user }) =>
    reorderProductImages(c.get("services").db, { productId: params.id, order: body.order, actorUserId: user.id }),
});

export const updateProductImageEndpoint = defineEndpoint({
  method: "patch",
  path: "/admin/products/:id/images/:imageId",
  operationId: "adminSetMainProductImage",
  summary: "Escolhe a foto principal (main: true): ela vai para o início da galeria, as outras mantêm a ordem",
  tag: "admin",
  guard: ADMIN_ONLY,
  params: imageParams,
  body: updateImageBodySchema,
  response: productImagesSchema,
  handler: ({ params, c, user }) =>
    setMainProductImage(c.get("services").db, { productId: params.id, imageId: params.imageId, actorUserId: user.id }),
});

export const deleteProductImageEndpoint = defineEndpoint({
  method: "delete",
  path: "/admin/products/:id/images/:imageId",
  operationId: "adminDeleteProductImage",
  summary: "Exclui uma foto da galeria (sem fotos, volta a imagem padrão do catálogo); os arquivos somem quando nenhum produto os usa",
  tag: "admin",
  guard: ADMIN_ONLY,
  params: imageParams,
  response: productImagesSchema,
  handler: ({ params, c, user }) =>
    deleteProductImage(c.get("services").db, storageOf(c), { productId: params.id, imageId: params.imageId, actorUserId: user.id }),
});

export const catalogImageEndpoints = [
  listProductImagesEndpoint,
  uploadProductImageEndpoint,
  reorderProductImagesEndpoint,
  updateProductImageEndpoint,
  deleteProductImageEndpoint,
];
