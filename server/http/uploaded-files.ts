import type { Handler } from "hono";
import type { AppEnv } from "#server/http/app-env.ts";
import { fileStorageFor, isValidStorageKey } from "#platform/storage/file-storage.ts";
import { UPLOADS_PATH } from "#domain/catalog/image-resolution.ts";
import { ASSETS_CACHE_CONTROL } from "#server/http/static-files.ts";

/** Where the file storage's files are served: `/uploads/<key>`. */
export const UPLOADED_FILES_ROUTE = `${UPLOADS_PATH}*`;

/**
 * The admin's uploads, from the file storage (the disk, or a bucket read by the shop), or a redirect to
 * the bucket's public URL when one is configured. Every name carries the content hash
 * of its picture, so a name never changes what it shows: browsers and CDNs keep them a year, like
 * the build's /assets. A name that is not there (a deleted picture) answers a bare 404, which the
 * page's image fallback (spec §4) steps past.
 */
export const uploadedFilesHandler: Handler<AppEnv> = async (c) => {
  const key = c.req.path.slice(UPLOADS_PATH.length);
  const storage = fileStorageFor(c.get("services").config);
  const publicUrl = isValidStorageKey(key) ? storage.publicUrl(key) : undefined;
  if (publicUrl) {
    // In a bucket behind a public URL or CDN (decision 051): the name never changes what it shows,
    // so the browser keeps this redirect as long as the file itself and asks the shop once.
    c.header("Cache-Control", ASSETS_CACHE_CONTROL);
    return c.redirect(publicUrl, 301);
  }
  const file = isValidStorageKey(key) ? await storage.get(key) : undefined;
  if (!file) return c.text("Arquivo não encontrado.", 404, { "Cache-Control": "no-cache" });
  return c.body(file.body as Uint8Array<ArrayBuffer>, 200, {
    "Content-Type": file.contentType,
    "Content-Length": String(file.body.byteLength),
    "Cache-Control": ASSETS_CACHE_CONTROL,
  });
};
