import { messageForPeople } from "#app/lib/error-messages.ts";
import { ApiCallError, fetchJson, NetworkError } from "#app/lib/fetch-json.ts";
import { IMAGE_UPLOAD_FIELD, MAX_IMAGE_BYTES } from "#domain/catalog/product-image-rules.ts";
// Types only: zod stays out of the browser (app/lib/fetch-json.ts).
import type { ProductImagesView, productImagesSchema } from "#domain/catalog/product-image-schemas.ts";

/** The admin's calls to the product pictures API (server/api/catalog-images.ts); errors carry the server's Portuguese message. */
const base = (productId: string) => `/api/admin/products/${encodeURIComponent(productId)}/images`;
const FALLBACK = "Não foi possível concluir. Tente novamente.";

export const imagesApi = {
  list: (productId: string) => fetchJson<typeof productImagesSchema>(base(productId), { fallbackMessage: FALLBACK }),
  reorder: (productId: string, order: string[]) =>
    fetchJson<typeof productImagesSchema>(base(productId), { method: "PATCH", json: { order }, fallbackMessage: FALLBACK }),
  makeMain: (productId: string, imageId: string) =>
    fetchJson<typeof productImagesSchema>(`${base(productId)}/${encodeURIComponent(imageId)}`, {
      method: "PATCH",
      json: { main: true },
      fallbackMessage: FALLBACK,
    }),
  remove: (productId: string, imageId: string) =>
    fetchJson<typeof productImagesSchema>(`${base(productId)}/${encodeURIComponent(imageId)}`, {
      method: "DELETE",
      fallbackMessage: FALLBACK,
    }),

  /** Sends one photo as multipart/form-data; a file over 10 MB is refused here, without sending it. */
  async upload(productId: string, file: File): Promise<ProductImagesView> {
    if (file.size > MAX_IMAGE_BYTES) throw new ApiCallError("A imagem passa de 10 MB. Envie um arquivo menor.", 413, "image_too_large");
    const form = new FormData();
    form.set(IMAGE_UPLOAD_FIELD, file);
    let response: Response;
    try {
      response = await fetch(base(productId), {
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
