import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Browser, createAuthTestContext, PASSWORD, uniqueEmail, type AuthTestContext } from "#test/auth-helpers.ts";
import { linksIn } from "#test/mail-server.ts";
import { sessions, users, verifications } from "#platform/db/tables/auth.ts";
import { createApp } from "#server/http/app.ts";

let ctx: AuthTestContext;
beforeAll(async () => {
  ctx = await createAuthTestContext();
});
afterAll(async () => ctx?.close());

type ErrorJson = { error: { code: string; message: string } };
const session = (browser: Browser) => ctx.request("/api/auth/get-session", { browser });

async function resetLink(email: string): Promise<string> {
  const mail = await ctx.mail.waitFor(email, (m) => m.subject.includes("Redefinição"));
  const link = linksIn(mail).find((url) => url.includes("modo=redefinir"));
  expect(link).toBeTruthy();
  return new URL(link!).searchParams.get("token")!;
}

describe("sign-up and the confirmation e-mail", () => {
  it("creates no session at sign-up; the e-mailed link (pt-BR, HTML and text) verifies the address and signs in", async () => {
    const email = uniqueEmail();
    const browser = new Browser();
    const response = await ctx.signUp(email, { browser });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: true });
    expect(browser.sessionCookie).toBeUndefined();

    const mail = await ctx.mail.waitFor(email);
    expect(mail.subject).toBe("Confirme seu e-mail na Loja Micologia");
    expect(mail.text).toContain("Para confirmar que o e-mail é seu");
    expect(mail.html).toContain('lang="pt-BR"');
    expect(mail.html).toContain("Confirmar e-mail");

    const verified = await ctx.verify(email, browser);
    expect(verified.status).toBe(302);
    expect(verified.headers.get("location")).toBe("/auth?verificado=1");
    const [row] = await ctx.t.db.select().from(users).where(eq(users.email, email));
    expect(row!.emailVerified).toBe(true);
    const body = (await (await session(browser)).json()) as { user: { email: string } };
    expect(body.user.email).toBe(email);
  });

  it("refuses short passwords and passwords containing the e-mail, in Portuguese, creating nothing", async () => {
    const email = uniqueEmail("joana");
    const short = await ctx.signUp(email, { password: "curta1" });
    expect(short.status).toBe(400);
    expect(((await short.json()) as ErrorJson).error.message).toBe("A senha precisa ter pelo menos 8 caracteres.");
    const withEmail = await ctx.signUp(email, { password: `${email.split("@")[0]}!2024` });
    expect(withEmail.status).toBe(400);
    expect(((await withEmail.json()) as ErrorJson).error.message).toBe("A senha não pode conter o seu e-mail.");
    expect(await ctx.t.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
  });

  it("keeps the session token out of every response body", async () => {
    const email = uniqueEmail();
    const browser = await ctx.customer(email);
    const signIn = await ctx.signIn(email, PASSWORD, browser);
    const signInText = await signIn.text();
    const getSession = await (await session(browser)).text();
    const [row] = await ctx.t.db
      .select({ token: sessions.token })
      .from(sessions)
      .where(eq(sessions.token, browser.sessionCookie!.split(".")[0]!));
    expect(row).toBeDefined();
    expect(signInText).not.toContain(row!.token);
    expect(getSession).not.toContain(row!.token);
    expect(JSON.parse(getSession).session.token).toBeUndefined();
  });
});

describe("no account enumeration", () => {
  it("sign-in: an unknown e-mail and a wrong password get the same status and message", async () => {
    const known = uniqueEmail();
    await ctx.customer(known);
    const wrong = await ctx.signIn(known, "senha-errada-123");
    const unknown = await ctx.signIn(uniqueEmail("ninguem"), "senha-errada-123");
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    const wrongBody = await wrong.json();
    expect(await unknown.json()).toEqual(wrongBody);
    expect(wrongBody).toEqual({ error: { code: "invalid_email_or_password", message: "E-mail ou senha incorretos." } });
  });

  it("sign-in: an unknown e-mail costs the same password hashing as a known one", async () => {
    const known = uniqueEmail();
    await ctx.customer(known);
    const time = async (email: string) => {
      const started = performance.now();
      await ctx.signIn(email, "senha-errada-123", new Browser(`198.51.100.${Math.floor(Math.random() * 200) + 1}`));
      return performance.now() - started;
    };
    const knownTimes: number[] = [];
    const unknownTimes: number[] = [];
    for (let i = 0; i < 3; i++) {
      knownTimes.push(await time(known));
      unknownTimes.push(await time(uniqueEmail("ninguem")));
    }
    // Without the dummy hash an unknown e-mail answers in a few ms, a known one in hundreds.
    expect(Math.min(...unknownTimes)).toBeGreaterThan(Math.min(...knownTimes) / 3);
  });

  it("sign-up: an e-mail that has an account gets the same answer as a new one, and its owner an 'account exists' e-mail", async () => {
    const existing = uniqueEmail();
    await ctx.customer(existing);
    const fresh = uniqueEmail();
    const again = await ctx.signUp(existing, { password: "outra-senha-boa-7" });
    const created = await ctx.signUp(fresh, { password: "outra-senha-boa-7" });
    expect(again.status).toBe(created.status);
    expect(await again.json()).toEqual(await created.json());
    expect(again.headers.getSetCookie()).toEqual(created.headers.getSetCookie());

    const notice = await ctx.mail.waitFor(existing, (m) => m.subject.startsWith("Você já tem uma conta"));
    expect(notice.text).toContain("Esqueci minha senha");
    // The existing account's password did not change.
    expect((await ctx.signIn(existing, "outra-senha-boa-7")).status).toBe(401);
    expect((await ctx.signIn(existing)).status).toBe(200);
  });

  it("reset: an unknown e-mail gets the same answer as a known one; only the known one receives a link", async () => {
    const known = uniqueEmail();
    await ctx.customer(known);
    const unknown = uniqueEmail("ninguem");
    const a = await ctx.request("/api/auth/request-password-reset", { json: { email: known } });
    const b = await ctx.request("/api/auth/request-password-reset", { json: { email: unknown } });
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    const answer = await a.json();
    expect(answer).toEqual(await b.json());
    // In Portuguese (issue 20), not better-auth's "If this email exists in our system…".
    expect(answer).toEqual({ status: true, message: "Se houver uma conta com este e-mail, enviamos um link para criar uma nova senha." });
    await resetLink(known);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(ctx.mail.messages.some((m) => m.to.includes(unknown))).toBe(false);
  });
});

describe("password reset", () => {
  it("the e-mailed link sets a new password once, ends every session, and cannot be used again", async () => {
    const email = uniqueEmail();
    const phone = await ctx.customer(email);
    const laptop = new Browser("203.0.113.77");
    expect((await ctx.signIn(email, PASSWORD, laptop)).status).toBe(200);

    await ctx.request("/api/auth/request-password-reset", { json: { email } });
    const token = await resetLink(email);
    const weak = await ctx.request("/api/auth/reset-password", { json: { token, newPassword: `${email.split("@")[0]}123` } });
    expect(weak.status).toBe(400);
    expect(((await weak.json()) as ErrorJson).error.message).toBe("A senha não pode conter o seu e-mail.");

    const reset = await ctx.request("/api/auth/reset-password", { json: { token, newPassword: "nova-senha-forte-8" } });
    expect(reset.status).toBe(200);
    expect(await (await session(phone)).json()).toBeNull();
    expect(await (await session(laptop)).json()).toBeNull();
    expect((await ctx.signIn(email)).status).toBe(401);
    expect((await ctx.signIn(email, "nova-senha-forte-8")).status).toBe(200);

    const reused = await ctx.request("/api/auth/reset-password", { json: { token, newPassword: "mais-uma-senha-9" } });
    expect(reused.status).toBe(400);
    expect(((await reused.json()) as ErrorJson).error.message).toMatch(/inválido, já foi usado ou expirou/);
  });

  it("an expired link is refused", async () => {
    const email = uniqueEmail();
    await ctx.customer(email);
    await ctx.request("/api/auth/request-password-reset", { json: { email } });
    const token = await resetLink(email);
    await ctx.t.db
      .update(verifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verifications.identifier, `reset-password:${token}`));
    const response = await ctx.request("/api/auth/reset-password", { json: { token, newPassword: "nova-senha-forte-8" } });
    expect(response.status).toBe(400);
    expect((await ctx.signIn(email)).status).toBe(200);
  });
});

describe("sessions", () => {
  it("every sign-in gets a new session token, whatever session cookie the browser brought", async () => {
    const email = uniqueEmail();
    const browser = await ctx.customer(email);
    const first = browser.sessionCookie;
    expect((await ctx.signIn(email, PASSWORD, browser)).status).toBe(200);
    const second = browser.sessionCookie;
    expect(second).toBeTruthy();
    expect(second).not.toBe(first);
    // A planted (fixated) cookie is not adopted either.
    const planted = new Browser();
    planted.cookies.set("loja.session_token", "planted-by-an-attacker");
    expect((await ctx.signIn(email, PASSWORD, planted)).status).toBe(200);
    expect(planted.sessionCookie).not.toContain("planted-by-an-attacker");
  });

  it("signing out ends every session of the account, on every device", async () => {
    const email = uniqueEmail();
    const phone = await ctx.customer(email);
    const laptop = new Browser("203.0.113.78");
    expect((await ctx.signIn(email, PASSWORD, laptop)).status).toBe(200);
    const userId = await ctx.userId(email);
    expect(await ctx.t.db.select().from(sessions).where(eq(sessions.userId, userId))).toHaveLength(2);

    const out = await ctx.request("/api/auth/sign-out", { browser: phone, json: {} });
    expect(out.status).toBe(200);
    expect(phone.sessionCookie).toBeUndefined();
    expect(await (await session(laptop)).json()).toBeNull();
    expect(await ctx.t.db.select().from(sessions).where(eq(sessions.userId, userId))).toHaveLength(0);
  });

  it("session cookies are HttpOnly and SameSite=Lax; Secure (with the __Secure- prefix) when PUBLIC_URL is https", async () => {
    const email = uniqueEmail();
    await ctx.customer(email);
    const plain = (await ctx.signIn(email)).headers.getSetCookie().find((c) => c.startsWith("loja.session_token="));
    expect(plain).toMatch(/HttpOnly/);
    expect(plain).toMatch(/SameSite=Lax/);
    expect(plain).not.toMatch(/Secure/);

    const https = createApp({ ...ctx.t.services, config: { ...ctx.t.services.config, PUBLIC_URL: "https://loja.example" } });
    const response = await https.request(
      "/api/auth/sign-in/email",
      {
        method: "POST",
        headers: { "content-type": "application/json", origin: "https://loja.example" },
        body: JSON.stringify({ email, password: PASSWORD }),
      },
      { incoming: { socket: { remoteAddress: "203.0.113.90" } } },
    );
    expect(response.status).toBe(200);
    const cookies = response.headers.getSetCookie();
    expect(cookies.find((c) => c.startsWith("__Secure-loja.session_token="))).toMatch(/; Secure/);
    expect(cookies.find((c) => c.startsWith("__Secure-loja.device="))).toMatch(/; Secure/);
  });

  it("records the client's real address on the session, not a header the client made up", async () => {
    const email = uniqueEmail();
    await ctx.customer(email);
    const browser = new Browser("192.0.2.45");
    await ctx.request("/api/auth/sign-in/email", {
      browser,
      json: { email, password: PASSWORD },
      headers: { "x-forwarded-for": "10.9.9.9", "x-shop-client-address": "10.8.8.8" },
    });
    const rows = await ctx.t.db
      .select({ ip: sessions.ipAddress })
      .from(sessions)
      .where(eq(sessions.userId, await ctx.userId(email)));
    expect(rows.map((row) => row.ip)).toContain("192.0.2.45");
    expect(rows.map((row) => row.ip)).not.toContain("10.9.9.9");
    expect(rows.map((row) => row.ip)).not.toContain("10.8.8.8");
  });
});

describe("/api/auth/* surface", () => {
  it.each([
    ["POST", "/api/auth/delete-user"],
    ["POST", "/api/auth/sign-in/social"],
    ["GET", "/api/auth/list-accounts"],
    ["GET", "/api/auth/sign-in/email"],
  ])("%s %s is not served (404 in the API's shape)", async (method, path) => {
    const response = await ctx.request(path, { method, json: method === "POST" ? {} : undefined });
    expect(response.status).toBe(404);
    expect(((await response.json()) as ErrorJson).error.code).toBe("not_found");
  });
});
