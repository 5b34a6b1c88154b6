import { existsSync } from "node:fs";
import { serveStatic } from "@hono/node-server/serve-static";
import type { Context, MiddlewareHandler } from "hono";
import type { AppEnv } from "#server/http/app-env.ts";

/** File names under /assets carry a content hash: they never change, so browsers keep them a year. */
export const ASSETS_CACHE_CONTROL = "public, max-age=31536000, immutable";
/** The other files (public/: favicon, product images) keep their name when they change. */
export const OTHER_STATIC_CACHE_CONTROL = "public, max-age=3600";

/**
 * Files of the client build, sending the `.br` or `.gz` copy written at build time
 * (scripts/precompress.ts) when the browser accepts it. serveStatic's `precompressed` takes the
 * first of br, zstd, gzip that appears as a bare token in Accept-Encoding (a token with a q-value,
 * even `gzip;q=1`, counts as absent, so such a client gets the identity file: larger, never
 * wrong), keeps the original's Content-Type and sets Content-Encoding and Vary.
 */
export function staticFiles(root: string, cacheControl: string): MiddlewareHandler<AppEnv> {
  // onFound's context headers do not reach the Response it has already built (they only do with
  // @hono/node-server's own Response class, not under app.request()): note the file, set them below.
  const found = new WeakMap<Context, string>();
  const serve = serveStatic<AppEnv>({ root, precompressed: true, onFound: (file, c) => void found.set(c, file) });
  return async (c, next) => {
    // Build metadata (.vite/islands-manifest.json) and any other dotfile are not the browser's.
    if (c.req.path.includes("/.")) return next();
    const response = await serve(c, next);
    const file = found.get(c);
    if (!file || !response) return response;
    if (response.ok) response.headers.set("Cache-Control", cacheControl);
    // serveStatic adds Vary only when it sends a copy; the identity answer of a file that has
    // copies varies as well, or a shared cache would give it to every browser.
    if (!response.headers.has("Content-Encoding") && hasCompressedCopy(file)) response.headers.append("Vary", "Accept-Encoding");
    return response;
  };
}

function hasCompressedCopy(file: string): boolean {
  return existsSync(`${file}.br`) || existsSync(`${file}.gz`);
}
