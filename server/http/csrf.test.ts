import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAuthTestContext, PASSWORD, uniqueEmail, type AuthTestContext } from "#test/auth-helpers.ts";

let ctx: AuthTestContext;
beforeAll(async () => {
  ctx = await createAuthTestContext();
});
afterAll(async () => ctx?.close());

type ErrorJson = { error: { code: string; message: string } };

async function expectRefused(response: Response) {
  expect(response.status).toBe(403);
  expect(((await response.json()) as ErrorJson).error).toEqual({
    code: "cross_origin_request",
    message: "Requisição recusada: ela veio de outro site. Recarregue a página e tente novamente.",
  });
}

const report = { message: "falha", path: "/" };

describe("state-changing requests from another site are refused", () => {
  it.each([
    ["POST", "/api/client-errors", report],
    ["POST", "/api/auth/sign-in/email", { email: "a@example.com", password: PASSWORD }],
    ["POST", "/api/auth/sign-out", {}],
    ["POST", "/api/rpc/is_admin", { user_email: "a@example.com" }],
    ["DELETE", "/api/account", { password: PASSWORD, confirmation: "EXCLUIR" }],
    // React Router actions are POSTs to page addresses (and to their .data twins).
    ["POST", "/cliente", undefined],
    ["POST", "/cliente.data", undefined],
    ["PUT", "/api/account/addresses", {}],
    ["PATCH", "/api/account/addresses", {}],
  ])("%s %s with Origin: https://evil.example → 403", async (method, path, json) => {
    await expectRefused(await ctx.request(path, { method, json, origin: "https://evil.example" }));
  });

  it("refuses Origin: null (sandboxed frames, opaque redirects)", async () => {
    await expectRefused(await ctx.request("/api/client-errors", { json: report, origin: "null" }));
  });

  it("refuses a cross-site or same-site (sibling subdomain) request that sent no Origin", async () => {
    for (const site of ["cross-site", "same-site"]) {
      await expectRefused(await ctx.request("/api/client-errors", { json: report, origin: null, headers: { "sec-fetch-site": site } }));
    }
  });

  it("a signed-in customer's session cannot be used from another site: the account survives", async () => {
    const email = uniqueEmail();
    const browser = await ctx.customer(email);
    await expectRefused(
      await ctx.request("/api/account", {
        method: "DELETE",
        browser,
        json: { password: PASSWORD, confirmation: "EXCLUIR" },
        origin: "https://evil.example",
      }),
    );
    await expectRefused(await ctx.request("/api/auth/sign-out", { browser, json: {}, origin: "https://evil.example" }));
    const session = (await (await ctx.request("/api/auth/get-session", { browser })).json()) as { user: { email: string } };
    expect(session.user.email).toBe(email);
  });
});

describe("what passes", () => {
  it("the shop's own origin (PUBLIC_URL) and the address the request was made to", async () => {
    expect((await ctx.request("/api/client-errors", { json: report })).status).toBe(202);
    expect((await ctx.request("/api/client-errors", { json: report, origin: "http://localhost" })).status).toBe(202);
    expect(
      (await ctx.request("/api/client-errors", { json: report, origin: null, headers: { "sec-fetch-site": "same-origin" } })).status,
    ).toBe(202);
  });

  it("requests from no browser (no Origin, no Sec-Fetch-Site), e.g. a payment webhook", async () => {
    expect((await ctx.request("/api/client-errors", { json: report, origin: null })).status).toBe(202);
  });

  it("reading (GET) from anywhere", async () => {
    expect((await ctx.request("/api/openapi.json", { origin: "https://evil.example" })).status).toBe(200);
  });
});
