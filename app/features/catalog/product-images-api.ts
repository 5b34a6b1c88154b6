import { messageForPeople } from "#app/lib/error-messages.ts";
import { apiClient } from "#app/lib/api-client.ts";
import { ApiCallError, NetworkError } from "#app/lib/fetch-json.ts";
import { IMAGE_TOO_LARGE_MESSAGE, IMAGE_UPLOAD_FIELD, MAX_IMAGE_BYTES } from "#domain/catalog/product-image-rules.ts";
import type { ProductImagesView } from "#domain/catalog/product-image-schemas.ts";
import type { catalogImagesContract } from "#server/contracts/catalog-images.ts";
import { catalogImagesRoutes } from "#server/contracts/catalog-images.routes.ts";

/** The admin's calls to the product pictures API (server/contracts/catalog-images.ts); errors carry the server's Portuguese message. */
const FALLBACK = "Não foi possível concluir. Tente novamente.";
const images = apiClient<typeof catalogImagesContract>(catalogImagesRoutes, { fallbackMessage: FALLBACK });

export const imagesApi = {
  list: (productId: string) => images.call("listProductImages", { params: { id: productId } }),
  reorder: (productId: string, order: string[]) => images.call("reorderProductImages", { params: { id: productId }, body: { order } }),
  makeMain: (productId: string, imageId: string) =>
    images.call("updateProductImage", { params: { id: productId, imageId }, body: { main: true } }),
  remove: (productId: string, imageId: string) => images.call("deleteProductImage", { params: { id: productId, imageId } }),

  /** Sends one photo as multipart/form-data; a file over 10 MB is refused here, without sending it. */
  async upload(productId: string, file: File): Promise<ProductImagesView> {
    if (file.size > MAX_IMAGE_BYTES) throw new ApiCallError(IMAGE_TOO_LARGE_MESSAGE, 413, "image_too_large");
    const form = new FormData();
    form.set(IMAGE_UPLOAD_FIELD, file);
    let response: Response;
    try {
      // The upload is multipart, not JSON: its address comes from the same table.
      response = await fetch(images.href("uploadProductImage", { params: { id: productId } }), {
        method: "POST",
        body: form,
        credentials: "same-origin",
        headers: { Accept: "application/json" },
      });
    } catch {
      throw new NetworkError();
    }
    const body = (await response.json().catch(() => null)) as ProductImagesView | { error?: { code?: string; message?: string } } | null;
    if (!response.ok) {
      const error = body && "error" in body ? body.error : undefined;
      throw new ApiCallError(
        messageForPeople(error?.code ?? "unknown", error?.message ?? "", FALLBACK),
        response.status,
        error?.code ?? "unknown",
        error?.message ?? "",
      );
    }
    return body as ProductImagesView;
  },
};
