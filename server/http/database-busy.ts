import type { Context } from "hono";
import type { AppEnv } from "#server/http/app-env.ts";
import { databaseUnavailableError } from "#server/http/errors.ts";
import { reloadAsDocument } from "#server/http/maintenance-gate.ts";
import { knownShopName } from "#domain/settings/shop-settings.server.ts";
import { standalonePage } from "#server/http/standalone-page.ts";

/**
 * A page whose loader met a database that is away or too busy (decision 052): 503 with Retry-After,
 * as the API answers, never a 500. A standalone page (standalone-page.ts), like the maintenance
 * page: it needs nothing that may be failing. A client navigation's data request is
 * sent to load the page as a document, which then gets this page.
 */
export function databaseBusyAnswer(c: Context<AppEnv>): Response {
  const retryAfter = databaseUnavailableError().headers["Retry-After"] ?? "5";
  c.set("errorCode", "database_unavailable");
  c.header("Retry-After", retryAfter);
  c.header("Cache-Control", "no-store");
  if (c.req.path.endsWith(".data")) return reloadAsDocument(c);
  return c.html(databaseBusyPage(knownShopName(c.get("services").db)), 503);
}

const databaseBusyPage = (shopName: string) =>
  standalonePage(
    "Loja indisponível por instantes",
    `<h1>A loja está ocupada agora</h1>
<p>Não conseguimos carregar esta página neste momento. Seu carrinho e seus pedidos estão guardados.</p>
<p><a href="">Tentar de novo</a> em alguns segundos.</p>`,
    shopName,
  );
