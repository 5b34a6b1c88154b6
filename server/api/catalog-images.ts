/**
 * The admin's product pictures (issue 17 item 6): list, upload (multipart), reorder, choose the
 * main one, delete. Admins only; every change is in the audit log (domain/catalog/product-images.server.ts).
 */
import { ACCEPTED_IMAGE_TYPES, IMAGE_TOO_LARGE_MESSAGE, IMAGE_UPLOAD_FIELD, MAX_IMAGE_BYTES } from "#domain/catalog/product-image-rules.ts";
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
import { readUploadedImage, type UploadSpec } from "#server/http/uploads.ts";
import type { Context } from "hono";
import type { AppEnv } from "#server/http/app-env.ts";
import { catalogImagesContract } from "#server/contracts/catalog-images.ts";

export const PRODUCT_IMAGE_UPLOAD: UploadSpec = {
  field: IMAGE_UPLOAD_FIELD,
  maxBytes: MAX_IMAGE_BYTES,
  mediaTypes: ACCEPTED_IMAGE_TYPES,
  description: "A foto: JPEG, PNG ou WebP (o tipo é lido dos primeiros bytes do arquivo), até 10 MB",
  tooLarge: () => new ApiError(413, "image_too_large", IMAGE_TOO_LARGE_MESSAGE),
};

const storageOf = (c: Context<AppEnv>) => fileStorageFor(c.get("services").config);

export const listProductImagesEndpoint = defineEndpoint({
  ...catalogImagesContract.listProductImages,
  guard: ADMIN_ONLY,
  handler: ({ params, c }) => listProductImages(c.get("services").db, params.id),
});

export const uploadProductImageEndpoint = defineEndpoint({
  ...catalogImagesContract.uploadProductImage,
  guard: ADMIN_ONLY,
  upload: PRODUCT_IMAGE_UPLOAD,
  async handler({ params, c, user }) {
    const { bytes } = await readUploadedImage(c, PRODUCT_IMAGE_UPLOAD);
    return addProductImage(c.get("services").db, storageOf(c), { productId: params.id, bytes, actorUserId: user.id });
  },
});

export const reorderProductImagesEndpoint = defineEndpoint({
  ...catalogImagesContract.reorderProductImages,
  guard: ADMIN_ONLY,
  handler: ({ params, body, c, user }) =>
    reorderProductImages(c.get("services").db, { productId: params.id, order: body.order, actorUserId: user.id }),
});

export const updateProductImageEndpoint = defineEndpoint({
  ...catalogImagesContract.updateProductImage,
  guard: ADMIN_ONLY,
  handler: ({ params, c, user }) =>
    setMainProductImage(c.get("services").db, { productId: params.id, imageId: params.imageId, actorUserId: user.id }),
});

export const deleteProductImageEndpoint = defineEndpoint({
  ...catalogImagesContract.deleteProductImage,
  guard: ADMIN_ONLY,
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
