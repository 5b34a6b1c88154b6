import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDatabase, type Database } from "#platform/db/client.ts";
import { createApp } from "#server/http/app.ts";
import { auditEntries } from "#test/audit.ts";
import { Browser, createAuthTestContext, uniqueEmail, type AuthTestContext } from "#test/auth-helpers.ts";
import { CHECKOUT_ADDRESS } from "#test/checkout-address.ts";
import { giveCart } from "#test/builders.ts";

/*
 * Issue 28 item 1 (decision 055): the owner's settings from the admin. Only an admin reads or saves
 * them; each save is audited without the SMTP password; a second instance on the same database
 * serves the new values; the next order's BR Code carries the owner's Pix key; the test e-mail goes
 * through the saved SMTP server.
 */

const ADMIN_EMAIL = uniqueEmail("dona-configuracoes");
const CUSTOMER_EMAIL = uniqueEmail("cliente-configuracoes");
const OWNER_KEY = "7d9f0335-8dcc-4054-9bf9-0dbd61d36906";

let ctx: AuthTestContext;
let admin: Browser;
let customer: Browser;
/** A second instance on the same database, with its own pool and its own copy of the settings. */
let otherDb: Database;
let other: ReturnType<typeof createApp>;
beforeAll(async () => {
  ctx = await createAuthTestContext();
  await ctx.makeAdmin(ADMIN_EMAIL);
  admin = await ctx.customer(ADMIN_EMAIL, new Browser("203.0.113.240"));
  customer = await ctx.customer(CUSTOMER_EMAIL, new Browser("203.0.113.241"));
  otherDb = createDatabase(ctx.t.url, 2);
  other = createApp({ ...ctx.t.services, db: otherDb });
}, 60_000);
afterAll(async () => {
  await otherDb?.$client.end();
  await ctx?.close();
});

const readOnOther = async () => {
  const response = await other.request(
    "/api/admin/settings",
    { headers: { cookie: admin.header() } },
    { incoming: { socket: { remoteAddress: admin.address } } },
  );
  expect(response.status).toBe(200);
  return (await response.json()) as { legalName: string; pixKey: string };
};

function ownerSettings(smtpPort: number) {
  return {
    shopName: "Cogumelos da Serra",
    legalName: "Cogumelos da Serra Ltda.",
    cnpj: "11222333000181",
    address: "Rua das Hortênsias, 45, Centro, Gramado - RS, 95670-000",
    email: "contato@cogumelosdaserra.com.br",
    pixKey: OWNER_KEY.toUpperCase(),
    pixMerchantName: "Cogumelos da Serra",
    pixMerchantCity: "Gramado",
    supportWhatsapp: "(54) 99876-5432",
    mailFrom: "Cogumelos da Serra <loja@cogumelosdaserra.com.br>",
    mailReplyTo: "atendimento@cogumelosdaserra.com.br",
    smtp: { host: "127.0.0.1", port: smtpPort, secure: false, user: "", password: "segredo-do-smtp" },
  };
}

const smtpPort = () => Number(new URL(ctx.mail.url).port);
const save = (json: unknown, browser = admin) => ctx.request("/api/admin/settings", { method: "PUT", json, browser });

describe("the shop's settings", () => {
  it("start as the environment's values (the first start), without the SMTP password", async () => {
    const response = await ctx.request("/api/admin/settings", { browser: admin });
    expect(response.status).toBe(200);
    const settings = (await response.json()) as Record<string, unknown>;
    expect(settings).toMatchObject({ pixKey: ctx.t.services.config.PIX_KEY, cnpj: ctx.t.services.config.SHOP_CNPJ, updatedAt: null });
    expect(JSON.stringify(settings)).not.toContain('password":');
  });

  it("are refused to a customer and to a visitor", async () => {
    expect((await ctx.request("/api/admin/settings", { browser: customer })).status).toBe(403);
    expect((await save(ownerSettings(smtpPort()), customer)).status).toBe(403);
    expect((await ctx.request("/api/admin/settings", { browser: new Browser() })).status).toBe(401);
    expect((await ctx.request("/api/admin/go-live", { browser: customer })).status).toBe(403);
  });

  it.each([
    ["a CNPJ with a wrong check digit", { cnpj: "11.222.333/0001-82" }, "CNPJ inválido"],
    ["a Pix key of no known type", { pixKey: "minha chave" }, "Chave Pix inválida"],
    ["a CPF key with a wrong digit", { pixKey: "529.982.247-24" }, "Chave Pix inválida"],
    ["a WhatsApp without area code", { supportWhatsapp: "99876-5432" }, "WhatsApp inválido"],
  ])("refuse %s with a Portuguese 400", async (_label, change, message) => {
    const response = await save({ ...ownerSettings(smtpPort()), ...change });
    expect(response.status).toBe(400);
    expect(JSON.stringify(await response.json())).toContain(message);
  });

  it("are saved normalized, audited without the password, and served by a second instance", async () => {
    // The other instance's copy is fresh: without the save's message it would serve it for 3 s.
    expect((await readOnOther()).pixKey).toBe(ctx.t.services.config.PIX_KEY);
    const response = await save(ownerSettings(smtpPort()));
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      cnpj: "11.222.333/0001-81",
      pixKey: OWNER_KEY,
      supportWhatsapp: "5554998765432",
      smtp: { host: "127.0.0.1", user: null, hasPassword: true },
    });

    const [entry] = await auditEntries(ctx, admin, "settings", "loja");
    expect(entry).toMatchObject({ action: "settings.update", actorEmail: ADMIN_EMAIL });
    expect(JSON.stringify(entry)).not.toContain("segredo-do-smtp");

    // The other instance had a copy: the save's message replaces it within moments, well before
    // the copy's 3-second window would have.
    const deadline = Date.now() + 1500;
    let seen = await readOnOther();
    while (seen.pixKey !== OWNER_KEY && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      seen = await readOnOther();
    }
    expect(seen).toMatchObject({ legalName: "Cogumelos da Serra Ltda.", pixKey: OWNER_KEY });
  });

  it("keep the saved SMTP password when the form leaves it out", async () => {
    const { smtp, ...rest } = ownerSettings(smtpPort());
    const { password: _password, ...withoutPassword } = smtp;
    const response = await save({ ...rest, smtp: withoutPassword });
    expect(await response.json()).toMatchObject({ smtp: { hasPassword: true } });
  });

  it("put the owner's Pix key, name and city into the next order's BR Code", async () => {
    await giveCart(ctx.t.db, await ctx.userId(CUSTOMER_EMAIL), 4);
    const placed = await ctx.request("/api/checkout/orders", {
      browser: customer,
      json: {
        idempotencyKey: crypto.randomUUID(),
        address: CHECKOUT_ADDRESS,
        saveAddress: false,
        shippingMethod: "pac",
        confirmAdult: true,
        acceptTerms: true,
      },
    });
    expect(placed.status).toBe(201);
    const { orderId } = (await placed.json()) as { orderId: string };
    const order = (await (await ctx.request(`/api/orders/${orderId}`, { browser: customer })).json()) as { pix: { code: string } };
    expect(order.pix.code).toContain(OWNER_KEY);
    expect(order.pix.code).toContain("Cogumelos da Serra");
    expect(order.pix.code).toContain("Gramado");
    expect(order.pix.code).not.toContain("pix@example.com");
  });

  it("send the test e-mail through the saved SMTP server, from the owner's sender", async () => {
    await save({ ...ownerSettings(smtpPort()), smtp: { host: "127.0.0.1", port: smtpPort(), secure: false, user: "", password: "" } });
    const response = await ctx.request("/api/admin/settings/test-email", { method: "POST", json: {}, browser: admin });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ transport: "smtp", to: ADMIN_EMAIL });
    const mail = await ctx.mail.waitFor(ADMIN_EMAIL, (received) => received.subject.includes("teste"));
    expect(mail.from).toContain("loja@cogumelosdaserra.com.br");
  });

  it("say in Portuguese what the SMTP server answered when it does not take the test e-mail", async () => {
    await save({ ...ownerSettings(1), smtp: { host: "127.0.0.1", port: 1, secure: false, user: "", password: "" } });
    const response = await ctx.request("/api/admin/settings/test-email", { method: "POST", json: {}, browser: admin });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { message: string } }).error.message).toMatch(
      /^O servidor SMTP 127\.0\.0\.1 não aceitou o e-mail/,
    );
  });
});
