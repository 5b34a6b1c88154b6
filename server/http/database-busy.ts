import type { Context } from "hono";
import type { AppEnv } from "#server/http/app-env.ts";
import { databaseUnavailableError } from "#server/http/errors.ts";
import { reloadAsDocument } from "#server/http/maintenance-gate.ts";

/**
 * A page whose loader met a database that is away or too busy (decision 052): 503 with Retry-After,
 * as the API answers, never a 500. Plain HTML with inline styles and no script, like the
 * maintenance page: it needs nothing that may be failing. A client navigation's data request is
 * sent to load the page as a document, which then gets this page.
 */
export function databaseBusyAnswer(c: Context<AppEnv>): Response {
  const retryAfter = databaseUnavailableError().headers["Retry-After"] ?? "5";
  c.set("errorCode", "database_unavailable");
  c.header("Retry-After", retryAfter);
  c.header("Cache-Control", "no-store");
  if (c.req.path.endsWith(".data")) return reloadAsDocument(c);
  return c.html(DATABASE_BUSY_PAGE, 503);
}

const DATABASE_BUSY_PAGE = `<!doctype html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Loja indisponível por instantes | Loja Micologia</title>
<style>
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#fafaf9;color:#1c1917;line-height:1.5}
main{max-width:36rem;margin:0 auto;padding:3rem 1.25rem}
h1{font-size:1.75rem;margin:0 0 1rem;color:#0c0a09}
p{margin:0 0 1rem;font-size:1.0625rem}
a{color:#065f46;font-weight:600}
a:focus-visible{outline:3px solid #065f46;outline-offset:2px}
</style>
</head>
<body>
<main>
<h1>A loja está ocupada agora</h1>
<p>Não conseguimos carregar esta página neste momento. Seu carrinho e seus pedidos estão guardados.</p>
<p><a href="">Tentar de novo</a> em alguns segundos.</p>
</main>
</body>
</html>`;
