import type { Context, MiddlewareHandler } from "hono";
import { isAdminAccount } from "#domain/auth/admins.server.ts";
import { readSessionUser } from "#domain/auth/session.server.ts";
import { currentMaintenance, knownMaintenance, MAINTENANCE_RETRY_AFTER_SECONDS } from "#domain/maintenance/maintenance-mode.server.ts";
import { DEFAULT_MAINTENANCE_MESSAGE } from "#domain/maintenance/maintenance-schemas.ts";
import { knownShopName } from "#domain/settings/shop-settings.server.ts";
import type { AppEnv } from "#server/http/app-env.ts";
import { errorBody } from "#server/http/errors.ts";
import { escapeHtml, standalonePage } from "#server/http/standalone-page.ts";

/**
 * Maintenance mode at the edge (decision 024). While it is on, every storefront page and API call
 * of anyone but an admin answers 503 with Retry-After: a page in Portuguese, or the API's error
 * shape. What stays open: the probes (/healthz, /readyz), signing in (/auth and /api/auth/*), the
 * build's files and photos, and the admin's own pages and API, whose guards refuse anyone else
 * (a signed-out admin who opens /maintenance-panel is sent to /auth as always).
 * While it is off, the check is one read of this process's copy: no database call.
 */

/**
 * Paths (a page's `.data` included) that are not the storefront. `/__manifest` is React Router's
 * route list from the build (no shop data): a client navigation asks it first, and without it the
 * navigation would fail before its `.data` request could bring the maintenance page.
 */
const OPEN_PATHS = new Set(["/healthz", "/readyz", "/auth", "/admin", "/maintenance-panel", "/customizar-produto", "/__manifest"]);
// The admin's and the maintenance panel's sections have their own addresses (decision 047).
const OPEN_PREFIXES = ["/admin/", "/maintenance-panel/", "/api/auth/", "/api/admin/", "/assets/", "/uploads/", "/images/"];
/** A file of the build or of public/ (favicon.svg, fonts): never a page, never a query of the shop's data. */
const STATIC_FILE = /\/[^/]+\.(?!data$)[a-z0-9]+$/i;

export function isOutsideStorefront(path: string): boolean {
  const page = path.endsWith(".data") ? path.slice(0, -".data".length) : path;
  return OPEN_PATHS.has(page) || OPEN_PREFIXES.some((prefix) => path.startsWith(prefix)) || STATIC_FILE.test(path);
}

export const MAINTENANCE_CODE = "maintenance";

export function maintenanceGate(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const { db } = c.get("services");
    const known = knownMaintenance(db);
    if (known && !known.enabled) return next();
    if (isOutsideStorefront(c.req.path)) return next();
    // The first request of a process (no copy yet) waits for the read; a database that is away is
    // not maintenance: the request goes on and meets the database's own 503.
    const state = known ?? (await currentMaintenance(db).catch(() => undefined));
    if (!state?.enabled || (await isAdminRequest(c))) return next();
    return maintenanceAnswer(c, state.message || DEFAULT_MAINTENANCE_MESSAGE);
  };
}

async function isAdminRequest(c: Context<AppEnv>): Promise<boolean> {
  try {
    const user = await readSessionUser(c.get("services"), c.req.raw);
    return user ? await isAdminAccount(c.get("services"), user) : false;
  } catch {
    return false;
  }
}

function maintenanceAnswer(c: Context<AppEnv>, message: string): Response {
  // Said on purpose: not a failure for the server error log.
  c.set("errorCode", MAINTENANCE_CODE);
  c.header("Retry-After", String(MAINTENANCE_RETRY_AFTER_SECONDS));
  c.header("Cache-Control", "no-store");
  if (c.req.path === "/api" || c.req.path.startsWith("/api/")) return c.json(errorBody(MAINTENANCE_CODE, message), 503);
  if (c.req.path.endsWith(".data")) return reloadAsDocument(c);
  return c.html(maintenancePage(message, knownShopName(c.get("services").db)), 503);
}

/**
 * A client navigation's data request (React Router's `/x.data`): answered with React Router's
 * redirect over 204 with "reload the document" (its single-fetch protocol), so the browser loads
 * the page itself and gets the 503 page, instead of the error screen a 503 here would show.
 */
export function reloadAsDocument(c: Context<AppEnv>): Response {
  const url = new URL(c.req.url);
  url.searchParams.delete("_routes");
  const page = url.pathname === "/_root.data" ? "/" : url.pathname.slice(0, -".data".length);
  const query = url.searchParams.toString();
  c.header("X-Remix-Redirect", page + (query ? `?${query}` : ""));
  c.header("X-Remix-Status", "302");
  c.header("X-Remix-Reload-Document", "true");
  return c.body(null, 204);
}

/** The page visitors see (standalone-page.ts: it depends on nothing the maintenance may be changing); the link lets an admin sign in. */
export function maintenancePage(message: string, shopName: string): string {
  return standalonePage(
    "Loja em manutenção",
    `<h1>Loja em manutenção</h1>
<p>${escapeHtml(message)}</p>
<p class="small">Seu carrinho e seus pedidos estão guardados. Tente de novo em alguns minutos.</p>
<p class="small"><a href="/auth?next=%2Fmaintenance-panel">Entrar como administrador</a></p>`,
    shopName,
  );
}
