import type { Handler } from "hono";
import type { AppEnv } from "#server/http/app-env.ts";
import { fileStorageFor } from "#platform/storage/file-storage.ts";
import { UPLOADS_PATH } from "#domain/catalog/image-resolution.ts";
import { ASSETS_CACHE_CONTROL } from "#server/http/static-files.ts";

/** Where the file storage's files are served: `/uploads/<key>`. */
export const UPLOADED_FILES_ROUTE = `${UPLOADS_PATH}*`;

/**
 * The admin's uploads, from the file storage (the disk today). Every name carries the content hash
 * of its picture, so a name never changes what it shows: browsers and CDNs keep them a year, like
 * the build's /assets. A name that is not there (a deleted picture) answers a bare 404, which the
 * page's image fallback (spec §4) steps past.
 */
export const uploadedFilesHandler: Handler<AppEnv> = async (c) => {
  const key = c.req.path.slice(UPLOADS_PATH.length);
  const file = await fileStorageFor(c.get("services").config).get(key);
  if (!file) return c.text("Arquivo não encontrado.", 404, { "Cache-Control": "no-cache" });
  return c.body(file.body as Uint8Array<ArrayBuffer>, 200, {
    "Content-Type": file.contentType,
    "Content-Length": String(file.body.byteLength),
    "Cache-Control": ASSETS_CACHE_CONTROL,
  });
};
