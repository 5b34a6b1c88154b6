import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import * as entry from "#app/entry.server.tsx";
import * as root from "#app/root.tsx";
import * as cartPage from "#app/routes/cart.tsx";
import * as legalPage from "#app/routes/legal.tsx";
import { BUILT_IN_SHOP_NAME as APP_BUILT_IN_NAME } from "#app/lib/shop-name.ts";
import { BUILT_IN_SHOP_NAME } from "#platform/public-config.ts";
import { Browser, createAuthTestContext, uniqueEmail, type AuthTestContext } from "#test/auth-helpers.ts";
import { pageBuild, pageServer } from "#test/page-build.ts";

/*
 * Decision 087: the name the owner saves in Configurações is the one customers read, in an e-mail's
 * subject and footnote and in a page's <title>, rendered by the server with the real root and page
 * modules; until then, the built-in name.
 */

// Vitest serves no stylesheet address (no React Router plugin): the root's link needs one.
vi.mock("../app.css?url", () => ({ default: "/assets/app.css" }));

const ADMIN_EMAIL = uniqueEmail("dona-nome-da-loja");
let ctx: AuthTestContext;
let admin: Browser;
/** The same shop with its pages: React Router's handler over the real root, cart and legal modules. */
let pages: ReturnType<typeof pageServer>;

beforeAll(async () => {
  ctx = await createAuthTestContext();
  await ctx.makeAdmin(ADMIN_EMAIL);
  admin = await ctx.customer(ADMIN_EMAIL, new Browser("203.0.113.230"));
  const pagesOf = { "routes/cart": { path: "cart", module: cartPage }, privacidade: { path: "privacidade", module: legalPage } };
  pages = pageServer(ctx.t.services, pageBuild({ entry, root, pages: pagesOf }));
}, 60_000);
afterAll(async () => {
  await ctx?.close();
});

async function html(path: string): Promise<string> {
  const response = await pages.request(path, {}, { incoming: { socket: { remoteAddress: "203.0.113.231" } } });
  expect(response.status, await response.clone().text()).toBe(200);
  return response.text();
}

/** The owner renames the shop (and its legal name, a setting of its own, shown in the footer). */
async function saveShopName(shopName: string): Promise<void> {
  const current = (await (await ctx.request("/api/admin/settings", { browser: admin })).json()) as Record<string, unknown> & {
    smtp: { host: string | null; port: number; secure: boolean; user: string | null };
  };
  const { logo: _logo, updatedAt: _updatedAt, fulfilment: _fulfilment, cardInstallments: _card, smtp, ...rest } = current;
  const saved = await ctx.request("/api/admin/settings", {
    method: "PUT",
    browser: admin,
    json: {
      ...rest,
      shopName,
      legalName: `${shopName} Ltda.`,
      // The placeholders of a first start do not pass the form's checks.
      cnpj: "11222333000181",
      address: "Rua das Hortênsias, 45, Centro, Gramado - RS, 95670-000",
      pixKey: "7d9f0335-8dcc-4054-9bf9-0dbd61d36906",
      supportWhatsapp: "(54) 99876-5432",
      smtp: { host: smtp.host ?? "", port: smtp.port, secure: smtp.secure, user: smtp.user ?? "" },
    },
  });
  expect(saved.status, await saved.clone().text()).toBe(200);
}

describe("the shop's name", () => {
  it("is the built-in one until the owner saves another (the same in the pages' code and the server's)", async () => {
    expect(APP_BUILT_IN_NAME).toBe(BUILT_IN_SHOP_NAME);
    expect(await html("/cart")).toContain(`<title>Carrinho | ${BUILT_IN_SHOP_NAME}</title>`);
    expect(await (await ctx.request("/app/manifest.webmanifest")).json()).toMatchObject({ name: `${BUILT_IN_SHOP_NAME} — Administração` });
  });

  it("saved in the settings, titles the pages and the e-mails sent after it", async () => {
    await saveShopName("Cogumelos da Serra");

    const cart = await html("/cart");
    expect(cart).toContain("<title>Carrinho | Cogumelos da Serra</title>");
    expect(cart).not.toContain(BUILT_IN_SHOP_NAME);
    expect(await html("/privacidade")).toContain("<title>Privacidade, termos e cookies | Cogumelos da Serra</title>");

    // The owner's installable app, under its icon.
    const manifest = await ctx.request("/app/manifest.webmanifest");
    expect(manifest.headers.get("content-type")).toContain("application/manifest+json");
    expect(await manifest.json()).toMatchObject({
      name: "Cogumelos da Serra — Administração",
      short_name: "Cogumelos da Serra",
      start_url: "/admin",
    });

    const email = uniqueEmail("cliente-nome-da-loja");
    expect((await ctx.signUp(email)).status).toBe(200);
    const mail = await ctx.mail.waitFor(email, (m) => m.subject.startsWith("Confirme"));
    expect(mail.subject).toBe("Confirme seu e-mail na Cogumelos da Serra");
    expect(mail.text).toContain("Recebemos um cadastro na Cogumelos da Serra");
    expect(mail.text).not.toContain(BUILT_IN_SHOP_NAME);
    expect(mail.html).not.toContain(BUILT_IN_SHOP_NAME);
  });
});
