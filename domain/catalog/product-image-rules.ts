/** The admin's product pictures: the limits the server enforces and the browser checks first. No zod: the admin screen imports these. */

/** The largest picture the shop accepts: a phone photo is 2 to 6 MB. */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
/** What the uploader reads when a photo is over MAX_IMAGE_BYTES: checked in the browser before sending, and by the server. */
export const IMAGE_TOO_LARGE_MESSAGE = "A imagem passa de 10 MB. Envie um arquivo menor.";
/** Enough for any product's gallery; more would only slow the page. */
export const MAX_IMAGES_PER_PRODUCT = 12;
/** The multipart field that carries the file. */
export const IMAGE_UPLOAD_FIELD = "file";
export const ACCEPTED_IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;
