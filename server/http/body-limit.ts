import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { AppEnv } from "#server/http/app-env.ts";
import { payloadTooLargeError } from "#server/http/errors.ts";

/**
 * Refuses request bodies above `maxSize` bytes with 413 `payload_too_large`; an upload endpoint's
 * requests (`larger`) have their own limit and refusal.
 *
 * A body with a Content-Length (every browser `fetch` and form) is judged by that header alone:
 * Node's HTTP parser never delivers more bytes than it announces, and the body is left untouched
 * for the handler to read straight from the socket. Hono's own middleware is used only for bodies
 * of unknown length (chunked), which it counts while reading; it turns the request into a Web
 * `Request` with a stream, which costs far more than the rest of a small API call (decision 006).
 */
export function apiBodyLimit(maxSize: number, larger: readonly LargerLimit[] = []): MiddlewareHandler<AppEnv> {
  const limit = (size: number, tooLarge: () => Error) => ({
    size,
    tooLarge,
    counting: bodyLimit({
      maxSize: size,
      onError: () => {
        throw tooLarge();
      },
    }),
  });
  const standard = limit(maxSize, payloadTooLargeError);
  const uploads = larger.map((entry) => ({ ...entry, ...limit(entry.maxSize, entry.tooLarge) }));
  return async (c, next) => {
    const method = c.req.method;
    if (method === "GET" || method === "HEAD") return next();
    const { size, tooLarge, counting } = uploads.find((entry) => entry.method === method && entry.path.test(c.req.path)) ?? standard;
    const length = c.req.header("content-length");
    if (length !== undefined && c.req.header("transfer-encoding") === undefined) {
      if (Number.parseInt(length, 10) > size) throw tooLarge();
      return next();
    }
    return counting(c, next);
  };
}

/** An upload endpoint's own limit (server/http/api.ts uploadBodyLimits): requests matching method and path. */
export type LargerLimit = { method: string; path: RegExp; maxSize: number; tooLarge: () => Error };
