import { createHash, randomBytes } from "node:crypto";
import type { EntryContext } from "react-router";

/**
 * The product page's rendered HTML, kept in memory (issue 20, decision 035): rendering it with React
 * costs ~3 ms of CPU a request, its loader one indexed query. A route opts in with
 * `handle: { cacheRenderedPage: true }`; a page is then rendered once per key and sent again.
 *
 * The key is the address and a hash of every loader's data (the product as just read from
 * PostgreSQL, the shell's data): an admin's edit of a name, price or photo, a sale that changes the
 * stock, anything the loaders read, gives a new key on the very next request, on every instance,
 * with no invalidation message to lose. Only visitors' pages are kept (the root loader read no
 * user): a signed-in customer's page, with their e-mail in the header, is never stored or served
 * from here. The cart's count is not in the server's HTML (the browser asks for it).
 *
 * The CSP nonce differs per response: the page is rendered with a placeholder that each response
 * replaces with its own nonce. Entries expire after `RENDERED_PAGE_TTL_MS` (a component that
 * renders today's date is at most that late) and the oldest goes when `MAX_RENDERED_PAGES` are
 * kept, so endless query strings cannot fill the memory.
 */
export const RENDERED_PAGE_TTL_MS = 60_000;
export const MAX_RENDERED_PAGES = 200;

/** Random per process, so that no product text can contain it by chance or on purpose. */
export const NONCE_PLACEHOLDER = `nonce-${randomBytes(16).toString("hex")}`;

export type RenderedPageHandle = { cacheRenderedPage?: boolean };

type Entry = { html: string; expires: number };
const pages = new Map<string, Entry>();

/** Root loader's data as far as the key needs it: who is signed in. */
type RootData = { auth?: { user?: unknown } } | undefined;

/**
 * The key of a page that may be served from memory, or undefined: not a GET of a whole document,
 * not a 200, a route that did not opt in, an action's answer, an error, or a signed-in user.
 */
export function renderedPageKey(request: Request, status: number, context: EntryContext): string | undefined {
  if (request.method !== "GET" || status !== 200 || context.isSpaMode) return undefined;
  const state = context.staticHandlerContext;
  if (state.actionData || state.errors) return undefined;
  const optedIn = state.matches.some(
    (match) => (context.routeModules[match.route.id]?.handle as RenderedPageHandle | undefined)?.cacheRenderedPage === true,
  );
  if (!optedIn) return undefined;
  const root = state.loaderData.root as RootData;
  if (!root?.auth || root.auth.user !== null) return undefined;
  const url = new URL(request.url);
  const data = createHash("sha256").update(JSON.stringify(state.loaderData)).digest("base64url");
  return `${url.pathname}${url.search}\n${data}`;
}

/** The kept page for `key` with `nonce` in place, or undefined. */
export function renderedPage(key: string, nonce: string, now = Date.now()): string | undefined {
  const entry = pages.get(key);
  if (!entry) return undefined;
  if (entry.expires <= now) {
    pages.delete(key);
    return undefined;
  }
  return entry.html.replaceAll(NONCE_PLACEHOLDER, nonce);
}

/** Keeps a page rendered with NONCE_PLACEHOLDER as its nonce. */
export function keepRenderedPage(key: string, html: string, now = Date.now()): void {
  pages.delete(key);
  pages.set(key, { html, expires: now + RENDERED_PAGE_TTL_MS });
  // A Map iterates in insertion order: the first key is the oldest.
  while (pages.size > MAX_RENDERED_PAGES) pages.delete(pages.keys().next().value!);
}

/** For tests: how many pages are kept. */
export function renderedPageCount(): number {
  return pages.size;
}

/** For tests: forget every kept page. */
export function forgetRenderedPages(): void {
  pages.clear();
}
