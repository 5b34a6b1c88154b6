import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { providerConnections } from "#platform/db/tables/connections.ts";
import { melhorEnvioAccess } from "#domain/shipping/melhor-envio-access.server.ts";
import { focusNfeAccess } from "#domain/invoices/focus-nfe-access.server.ts";
import { refreshMelhorEnvioTokens } from "#domain/connections/refresh-tokens.server.ts";
import { recordProviderError } from "#domain/connections/provider-errors.server.ts";
import type { Connections } from "#domain/connections/connection-schemas.ts";
import type { Health } from "#domain/maintenance/maintenance-schemas.ts";
import { auditEntries } from "#test/audit.ts";
import { Browser, createAuthTestContext, PUBLIC_URL, uniqueEmail, type AuthTestContext } from "#test/auth-helpers.ts";
import { startMelhorEnvioFake, type MelhorEnvioFake } from "#test/fakes/melhorenvio-fake.ts";

/*
 * Issue 30 item 7 (decision 075): the owner connects Melhor Envio by OAuth2 against the local fake
 * (authorize → back with a code → the code exchanged once), or pastes a personal token, and pastes
 * Focus NFe's token. Tokens are stored sealed, never in clear; the stored connection wins over the
 * environment's token; the schedule renews the OAuth tokens a week before they end; the maintenance
 * panel's health shows both. Only admins connect or read.
 */

const ADMIN_EMAIL = uniqueEmail("dona-conexoes");
const FOCUS_TOKEN = "focus-token-da-empresa-0123456789abcdef";

let fake: MelhorEnvioFake;
let ctx: AuthTestContext;
let admin: Browser;
let otherSession: Browser;
let customer: Browser;
beforeAll(async () => {
  fake = await startMelhorEnvioFake();
  ctx = await createAuthTestContext({
    SHIPPING_PROVIDER: "melhorenvio",
    INVOICE_PROVIDER: "focusnfe",
    MELHOR_ENVIO_URL: fake.url,
    MELHOR_ENVIO_TOKEN: fake.token,
    MELHOR_ENVIO_CLIENT_ID: fake.clientId,
    MELHOR_ENVIO_CLIENT_SECRET: fake.clientSecret,
  });
  await ctx.makeAdmin(ADMIN_EMAIL);
  admin = await ctx.customer(ADMIN_EMAIL, new Browser("203.0.113.50"));
  // The same admin signed in on another device: another session.
  otherSession = new Browser("203.0.113.51");
  expect((await ctx.signIn(ADMIN_EMAIL, undefined, otherSession)).status).toBe(200);
  customer = await ctx.customer(uniqueEmail("cliente-conexoes"), new Browser("203.0.113.52"));
}, 60_000);
afterAll(async () => {
  await ctx?.close();
  await fake?.close();
});

const connections = async (browser = admin) => {
  const response = await ctx.request("/api/admin/connections", { browser });
  expect(response.status).toBe(200);
  return (await response.json()) as Connections;
};
const startAuthorization = async (browser = admin) => {
  const response = await ctx.request("/api/admin/connections/melhorenvio/authorize", { browser, json: {} });
  expect(response.status).toBe(200);
  return new URL(((await response.json()) as { authorizeUrl: string }).authorizeUrl);
};
/** The owner's browser at Melhor Envio's page, which sends it back to the shop with a code. */
const followAuthorization = async (authorizeUrl: URL) => {
  const response = await fetch(authorizeUrl, { redirect: "manual" });
  expect(response.status).toBe(302);
  const back = new URL(response.headers.get("location")!);
  expect(`${back.origin}${back.pathname}`).toBe(`${PUBLIC_URL}/admin/configuracoes`);
  return { code: back.searchParams.get("code")!, state: back.searchParams.get("state")! };
};
const finish = (json: unknown, browser = admin) => ctx.request("/api/admin/connections/melhorenvio/callback", { browser, json });
const storedRow = async (provider: string) =>
  (await ctx.t.db.select().from(providerConnections).where(eq(providerConnections.provider, provider)))[0];
const health = async () => {
  const response = await ctx.request("/api/admin/health", { browser: admin });
  expect(response.status).toBe(200);
  return (await response.json()) as Health;
};

describe("connecting the shop's accounts", () => {
  it("are refused to a customer and to a visitor, who can neither read nor connect", async () => {
    const calls: Array<[string, string, unknown?]> = [
      ["GET", "/api/admin/connections"],
      ["POST", "/api/admin/connections/melhorenvio/authorize", {}],
      ["POST", "/api/admin/connections/melhorenvio/callback", { code: "abc", state: "def" }],
      ["PUT", "/api/admin/connections/melhorenvio/token", { token: fake.token }],
      ["DELETE", "/api/admin/connections/melhorenvio"],
      ["PUT", "/api/admin/connections/focusnfe/token", { token: FOCUS_TOKEN }],
      ["DELETE", "/api/admin/connections/focusnfe"],
    ];
    for (const [method, path, json] of calls) {
      expect((await ctx.request(path, { method, json, browser: customer })).status, `${method} ${path}`).toBe(403);
      expect((await ctx.request(path, { method, json })).status, `${method} ${path}`).toBe(401);
    }
    expect(await storedRow("melhorenvio")).toBeUndefined();
    expect(fake.oauth!.grants).toEqual([]);
  });

  it("start from the environment's token, which calls use until the owner connects", async () => {
    const { melhorEnvio, focusNfe } = await connections();
    expect(melhorEnvio).toMatchObject({ source: "environment", inUse: true, oauthAvailable: true, accountEmail: null });
    expect(focusNfe).toMatchObject({ source: "none", inUse: true });
    expect((await melhorEnvioAccess(ctx.t.services))?.token).toBe(fake.token);
    expect(await focusNfeAccess(ctx.t.services)).toBeNull();
    // Focus NFe is used but not connected: the health says so, in red.
    const focus = (await health()).connections.find((row) => row.provider === "focusnfe")!;
    expect(focus).toMatchObject({ level: "red", source: "none" });
    expect(focus.reason).toContain("nenhuma conta está conectada");
  });

  it("Melhor Envio by OAuth2: the state must be this session's, and the code is exchanged once", async () => {
    const authorizeUrl = await startAuthorization();
    expect(`${authorizeUrl.origin}${authorizeUrl.pathname}`).toBe(`${fake.url}/oauth/authorize`);
    expect(Object.fromEntries(authorizeUrl.searchParams)).toMatchObject({
      response_type: "code",
      client_id: fake.clientId,
      redirect_uri: `${PUBLIC_URL}/admin/configuracoes`,
    });
    expect(authorizeUrl.searchParams.get("scope")!.split(" ")).toEqual(
      expect.arrayContaining(["shipping-calculate", "shipping-checkout", "shipping-generate", "shipping-tracking", "users-read"]),
    );
    const back = await followAuthorization(authorizeUrl);
    expect(back.state).toBe(authorizeUrl.searchParams.get("state"));

    // Another session of the same admin, a forged state, a customer: refused before Melhor Envio is asked.
    const mismatch = await finish(back, otherSession);
    expect(mismatch.status).toBe(400);
    expect(((await mismatch.json()) as { error: { code: string; message: string } }).error).toMatchObject({
      code: "oauth_state_mismatch",
      message: expect.stringContaining("Conectar Melhor Envio") as string,
    });
    expect((await finish({ ...back, state: `${back.state}x` })).status).toBe(400);
    expect((await finish(back, customer)).status).toBe(403);
    expect(fake.oauth!.grants).toEqual([]);

    const finished = await finish(back);
    expect(finished.status).toBe(200);
    const { melhorEnvio } = (await finished.json()) as Connections;
    expect(melhorEnvio).toMatchObject({
      source: "oauth",
      accountName: "Cogumelos da Serra",
      accountEmail: "envios@cogumelosdaserra.com.br",
      lastError: null,
    });
    const daysLeft = (new Date(melhorEnvio.expiresAt!).getTime() - Date.now()) / 86_400_000;
    expect(daysLeft).toBeGreaterThan(29.9);
    expect(daysLeft).toBeLessThanOrEqual(30);
    expect(fake.oauth!.grants).toEqual(["authorization_code"]);

    // The same answer again (a reload of the page, a replay): the state is used up, Melhor Envio is not asked again.
    const replay = await finish(back);
    expect(replay.status).toBe(400);
    expect(fake.oauth!.grants).toEqual(["authorization_code"]);
  });

  it("keeps the tokens sealed: the row holds neither the access nor the refresh token in clear", async () => {
    const access = await melhorEnvioAccess(ctx.t.services);
    // The stored connection wins over MELHOR_ENVIO_TOKEN, and Melhor Envio accepts it.
    expect(access?.token).not.toBe(fake.token);
    expect(fake.tokens.has(access!.token)).toBe(true);
    const account = await fetch(access!.apiUrl, { headers: { authorization: `Bearer ${access!.token}`, "user-agent": access!.userAgent } });
    expect(account.status).toBe(200);

    const row = await storedRow("melhorenvio");
    expect(row).toMatchObject({ method: "oauth" });
    expect(row!.accessTokenSealed).toMatch(/^v1\./);
    expect(row!.refreshTokenSealed).toMatch(/^v1\./);
    const stored = JSON.stringify(row);
    expect(stored).not.toContain(access!.token);
    expect(stored).not.toContain(access!.token.split(".")[1]);
    for (const refreshToken of fake.oauth!.refreshTokens.keys()) expect(stored).not.toContain(refreshToken);
  });

  it("renews the authorized tokens a week before they end, not before; a refused renewal turns the health amber", async () => {
    const before = await storedRow("melhorenvio");
    const expiresAt = before!.accessExpiresAt!;
    const oldAccess = (await melhorEnvioAccess(ctx.t.services))!.token;

    // 23 days from now the token has 7 days and a bit left: nothing to do yet.
    expect(await refreshMelhorEnvioTokens(ctx.t.services, new Date(expiresAt.getTime() - 7.1 * 86_400_000))).toBe(0);
    expect(fake.oauth!.grants).toEqual(["authorization_code"]);

    const renewedAt = new Date(expiresAt.getTime() - 6.5 * 86_400_000);
    expect(await refreshMelhorEnvioTokens(ctx.t.services, renewedAt)).toBe(1);
    expect(fake.oauth!.grants).toEqual(["authorization_code", "refresh_token"]);
    const after = await storedRow("melhorenvio");
    expect(after!.accessExpiresAt!.getTime()).toBe(renewedAt.getTime() + 30 * 86_400_000);
    expect(after!.lastRefreshAt!.getTime()).toBe(renewedAt.getTime());
    expect(after!.refreshTokenSealed).not.toBe(before!.refreshTokenSealed);
    const newAccess = (await melhorEnvioAccess(ctx.t.services))!.token;
    expect(newAccess).not.toBe(oldAccess);
    expect(fake.tokens.has(newAccess)).toBe(true);
    // Run again at once (a second worker, the next occurrence): nothing is due.
    expect(await refreshMelhorEnvioTokens(ctx.t.services, renewedAt)).toBe(0);
    // A caller whose call got 401 renews at once, due or not.
    expect(await refreshMelhorEnvioTokens(ctx.t.services, renewedAt, { evenIfNotDue: true })).toBe(1);
    expect(fake.oauth!.grants).toEqual(["authorization_code", "refresh_token", "refresh_token"]);

    // Melhor Envio no longer knows the refresh token (revoked in its panel): the failure is kept and shown.
    fake.oauth!.refreshTokens.clear();
    const late = new Date(after!.accessExpiresAt!.getTime() - 2 * 86_400_000);
    expect(await refreshMelhorEnvioTokens(ctx.t.services, late)).toBe(0);
    const { melhorEnvio } = await connections();
    expect(melhorEnvio.lastRefreshError).toContain("recusou a renovação");
    const row = (await health()).connections.find((check) => check.provider === "melhorenvio")!;
    expect(row).toMatchObject({ level: "amber", source: "oauth", accountEmail: "envios@cogumelosdaserra.com.br" });
    expect(row.reason).toContain("A renovação automática do token falhou");
    expect(row.lastRefreshAt).toBe(renewedAt.toISOString());
  });

  it("Melhor Envio by a pasted personal token: checked at Melhor Envio, refused when it does not know it", async () => {
    const refused = await ctx.request("/api/admin/connections/melhorenvio/token", {
      method: "PUT",
      browser: admin,
      json: { token: "token-que-o-melhor-envio-nao-conhece-123" },
    });
    expect(refused.status).toBe(422);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe("token_refused");

    const personal = `pessoal-${crypto.randomUUID()}`;
    fake.tokens.add(personal);
    const pasted = await ctx.request("/api/admin/connections/melhorenvio/token", {
      method: "PUT",
      browser: admin,
      json: { token: ` ${personal} ` },
    });
    expect(pasted.status).toBe(200);
    const { melhorEnvio } = (await pasted.json()) as Connections;
    expect(melhorEnvio).toMatchObject({ source: "token", accountEmail: "envios@cogumelosdaserra.com.br", lastRefreshError: null });
    expect((await melhorEnvioAccess(ctx.t.services))?.token).toBe(personal);
    expect(JSON.stringify(await storedRow("melhorenvio"))).not.toContain(personal);
    // Nothing to renew for a pasted token.
    expect(await refreshMelhorEnvioTokens(ctx.t.services, new Date(Date.now() + 400 * 86_400_000))).toBe(0);
  });

  it("Focus NFe's pasted token is stored sealed and used; disconnecting goes back to the environment's", async () => {
    const pasted = await ctx.request("/api/admin/connections/focusnfe/token", {
      method: "PUT",
      browser: admin,
      json: { token: FOCUS_TOKEN },
    });
    expect(pasted.status).toBe(200);
    expect(((await pasted.json()) as Connections).focusNfe).toMatchObject({ source: "token", inUse: true });
    expect(await focusNfeAccess(ctx.t.services)).toEqual({
      apiUrl: ctx.t.services.config.FOCUS_NFE_URL.replace(/\/$/, ""),
      token: FOCUS_TOKEN,
    });
    expect(JSON.stringify(await storedRow("focusnfe"))).not.toContain(FOCUS_TOKEN);

    const focusGone = await ctx.request("/api/admin/connections/focusnfe", { method: "DELETE", browser: admin });
    expect(focusGone.status).toBe(200);
    expect(((await focusGone.json()) as Connections).focusNfe.source).toBe("none");
    expect(await focusNfeAccess(ctx.t.services)).toBeNull();

    const meGone = await ctx.request("/api/admin/connections/melhorenvio", { method: "DELETE", browser: admin });
    expect(((await meGone.json()) as Connections).melhorEnvio).toMatchObject({ source: "environment", accountEmail: null });
    expect((await melhorEnvioAccess(ctx.t.services))?.token).toBe(fake.token);
  });

  it("shows the last error another part of the shop met at a provider, amber for a day", async () => {
    await recordProviderError(
      ctx.t.db,
      "melhorenvio",
      "POST /cart: HTTP 422 Os documentos (CPFs) dos participantes do frete não podem ser iguais",
    );
    const row = (await health()).connections.find((check) => check.provider === "melhorenvio")!;
    expect(row).toMatchObject({ level: "amber", source: "environment" });
    expect(row.lastError).toContain("não podem ser iguais");
    expect(row.reason).toContain("Último erro do Melhor Envio");
  });

  it("records each connection in the audit log, without the token", async () => {
    const entries = await auditEntries(ctx, admin, "connection", "focusnfe");
    expect(entries.map((entry) => entry.action)).toEqual(["connection.disconnect", "connection.token"]);
    expect(JSON.stringify(entries)).not.toContain(FOCUS_TOKEN);
    const melhorEnvio = await auditEntries(ctx, admin, "connection", "melhorenvio");
    expect(melhorEnvio.map((entry) => entry.action)).toEqual(["connection.disconnect", "connection.token", "connection.connect"]);
  });
});
