import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream, type RenderToPipeableStreamOptions } from "react-dom/server";
import { ServerRouter, type EntryContext, type HandleErrorFunction, type RouterContextProvider } from "react-router";
import { isDatabaseUnavailable } from "#platform/db/client.ts";
import { NonceProvider } from "#app/lib/nonce.tsx";
import { getAppContext } from "#app/lib/app-context.server.ts";
import { keepRenderedPage, NONCE_PLACEHOLDER, renderedPage, renderedPageKey } from "#app/lib/rendered-pages.server.ts";

export const streamTimeout = 5_000;

/**
 * Errors of loaders, actions and rendering. React Router's default prints them to standard output
 * with console.error, a failed query's values included (Drizzle's message ends with its params: an
 * e-mail, an address). Through the shop's logger instead, whose `err` serializer keeps the statement
 * without its values (decision 013); a database that is away is a warning and makes the page a 503
 * (server/http/app.ts reads pageFailure).
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  const app = getAppContext(context as RouterContextProvider);
  if (isDatabaseUnavailable(error)) {
    app.pageFailure.databaseUnavailable = true;
    app.services.logger.warn({ err: error, requestId: app.requestId }, "database unavailable");
    return;
  }
  app.services.logger.error({ err: error, requestId: app.requestId }, "page error");
};

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const { nonce } = getAppContext(loadContext);
  const key = renderedPageKey(request, responseStatusCode, routerContext);
  if (key) {
    responseHeaders.set("Content-Type", "text/html; charset=utf-8");
    const kept = renderedPage(key, nonce);
    if (kept !== undefined) return new Response(kept, { headers: responseHeaders, status: responseStatusCode });
    return renderWhole(routerContext, request.url).then((html) => {
      keepRenderedPage(key, html);
      return new Response(html.replaceAll(NONCE_PLACEHOLDER, nonce), { headers: responseHeaders, status: responseStatusCode });
    });
  }

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers get the whole document at once; people get the shell as soon as it is ready.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          pipe(body);
          resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) {
            const app = getAppContext(loadContext);
            app.services.logger.error({ err: error, requestId: app.requestId }, "page render error");
          }
        },
      },
    );
  });
}

/**
 * A page to keep (app/lib/rendered-pages.server.ts): rendered whole, with the placeholder as its
 * nonce, into one string. A render error rejects, as a shell error does for streamed pages.
 */
function renderWhole(routerContext: EntryContext, url: string): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    const body = new PassThrough();
    body.on("data", (chunk: Buffer) => chunks.push(chunk));
    body.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    const timeoutId = setTimeout(() => abort(), streamTimeout + 1000);
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={NONCE_PLACEHOLDER}>
        <ServerRouter context={routerContext} url={url} nonce={NONCE_PLACEHOLDER} />
      </NonceProvider>,
      {
        nonce: NONCE_PLACEHOLDER,
        onAllReady() {
          body.on("end", () => clearTimeout(timeoutId));
          pipe(body);
        },
        onShellError(error: unknown) {
          clearTimeout(timeoutId);
          reject(error);
        },
        onError(error: unknown) {
          // Anything that fails inside the page fails the whole render: nothing broken is kept.
          clearTimeout(timeoutId);
          reject(error);
        },
      },
    );
  });
}
