// The one seam from server/ to app/: the HTTP shell (server/http/app.ts) builds this context for
// every page request, and loaders and actions read it.
import { createContext, type RouterContextProvider } from "react-router";
import type { PublicConfig } from "#platform/public-config.ts";
import type { AppServices } from "#platform/services.ts";

/** An island page's module, and the modules it imports (React's chunk and the shared ones), preloaded with it. */
export type IslandModule = Readonly<{ src: string; imports: readonly string[] }>;

/** The island pages' modules (decision 009), by the entry's name (`product`). */
export type IslandModules = Readonly<Record<string, IslandModule>>;

/** What React Router loaders and actions receive from the HTTP shell. */
export type AppLoadContext = {
  services: AppServices;
  publicConfig: PublicConfig;
  nonce: string;
  requestId: string;
  /** The island pages' modules of the client build (decision 009); empty without one. */
  islands: IslandModules;
  /** The visitor's cart session id, from the request's cart cookie as the HTTP shell verifies it (decision 017); null without one. */
  visitorCartSessionId: (request: Request) => string | null;
  /**
   * Set by entry.server.tsx's handleError when a loader or action met a database that is away or
   * too busy: the HTTP shell then answers 503 with Retry-After, as the API does, instead of 500.
   */
  pageFailure: { databaseUnavailable: boolean };
};

export const appContext = createContext<AppLoadContext>();

export function getAppContext(context: Readonly<RouterContextProvider>): AppLoadContext {
  return context.get(appContext);
}

/**
 * The island a page offers when requested as a document (decisions 009 and 035); none on a
 * client-side navigation (a `.data` request), where the page is an ordinary route of the running router.
 */
export function islandForDocument(request: Request, island: IslandModule | undefined): IslandModule | undefined {
  return new URL(request.url).pathname.endsWith(".data") ? undefined : island;
}
