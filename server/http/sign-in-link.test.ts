import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Browser, createAuthTestContext, PASSWORD, uniqueEmail, type AuthTestContext } from "#test/auth-helpers.ts";
import { linksIn } from "#test/mail-server.ts";
import { AUTH_RATE_RULES } from "#platform/rate-limit.ts";
import { verifications } from "#platform/db/tables/auth.ts";
import { SIGN_IN_LINK_MINUTES } from "#domain/auth/auth-schemas.ts";
import { SIGN_IN_LINK_SECONDS } from "#domain/auth/sign-in-link.server.ts";

/*
 * Issue 16 item 8: guesses from many places trip an account's sign-in limit, and the real owner,
 * on a device the shop has never seen, still gets in: by a one-time sign-in link sent to the
 * account's e-mail, or by resetting the password (which clears the count). Nobody learns from
 * either whether an e-mail has an account.
 */

let ctx: AuthTestContext;
beforeAll(async () => {
  ctx = await createAuthTestContext();
}, 60_000);
afterAll(async () => ctx?.close());

const R = AUTH_RATE_RULES;
const LINK_SUBJECT = "Seu link de acesso à Loja Micologia";
let attackerAddress = 0;

/** Guesses at `email`'s password from as many addresses as the per-account limit allows (each one new). */
async function tripAccountLimit(email: string) {
  for (let i = 0; i < R.signInPerAccount.max; i++) {
    const attacker = new Browser(`192.0.2.${(++attackerAddress % 250) + 1}`);
    // A password better-auth refuses before hashing (too long), so the test runs fast; it still counts.
    expect((await ctx.signIn(email, "x".repeat(200), attacker)).status).toBe(400);
  }
}

const askForLink = (email: string, browser: Browser) =>
  ctx.request("/api/auth/sign-in/magic-link", { browser, json: { email, callbackURL: "/cliente" } });

/** The token of the sign-in link e-mailed to `email` (the newest one). */
async function linkToken(email: string, after = 0): Promise<string> {
  await ctx.mail.waitFor(email, (m) => m.subject === LINK_SUBJECT && m.receivedAt >= after);
  const mail = ctx.mail.messages.filter((m) => m.to.includes(email) && m.subject === LINK_SUBJECT).at(-1)!;
  const link = linksIn(mail).find((url) => url.includes("modo=link"));
  expect(link, "link de acesso no e-mail").toBeTruthy();
  const url = new URL(link!);
  expect(url.origin + url.pathname).toBe("http://localhost:3000/auth");
  expect(url.searchParams.get("next")).toBe("/cliente");
  return url.searchParams.get("token")!;
}

/** What the page's "Entrar" button does: follows the one-time link in `browser`. */
const followLink = (token: string, browser: Browser) =>
  ctx.request(
    `/api/auth/magic-link/verify?token=${encodeURIComponent(token)}&callbackURL=${encodeURIComponent("/cliente")}&errorCallbackURL=${encodeURIComponent("/auth?modo=link")}`,
    { browser, origin: null },
  );

async function signedInAs(browser: Browser): Promise<string | undefined> {
  const body = (await (await ctx.request("/api/auth/get-session", { browser })).json()) as { user?: { email: string } } | null;
  return body?.user?.email;
}

describe("an account whose sign-in limit an attacker tripped", () => {
  it("lets its owner in from a new device by an e-mailed one-time link, which then knows that device", async () => {
    const email = uniqueEmail("dona");
    await ctx.customer(email, new Browser("198.51.100.140"));
    await tripAccountLimit(email);

    // The owner, on a new phone, with the right password: held by the limit.
    const phone = new Browser("198.51.100.141");
    expect((await ctx.signIn(email, PASSWORD, phone)).status).toBe(429);

    const asked = Date.now();
    const answer = await askForLink(email, phone);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ status: true });
    const mail = await ctx.mail.waitFor(email, (m) => m.subject === LINK_SUBJECT);
    expect(mail.text).toContain(`O link vale por ${SIGN_IN_LINK_MINUTES} minutos e só pode ser usado uma vez.`);
    expect(mail.html).toContain('lang="pt-BR"');
    const token = await linkToken(email, asked);

    const followed = await followLink(token, phone);
    expect(followed.status).toBe(302);
    expect(followed.headers.get("location")).toBe("http://localhost:3000/cliente");
    expect(await signedInAs(phone)).toBe(email);

    // One use only.
    const stranger = new Browser("198.51.100.142");
    const again = await followLink(token, stranger);
    expect(again.status).toBe(302);
    expect(again.headers.get("location")).toMatch(/\/auth\?modo=link&error=INVALID_TOKEN$/);
    expect(await signedInAs(stranger)).toBeUndefined();

    // The phone is now the owner's: its password sign-ins pass while the limit still holds elsewhere.
    expect((await ctx.signIn(email, PASSWORD, phone)).status).toBe(200);
    expect((await ctx.signIn(email, PASSWORD, new Browser("198.51.100.143"))).status).toBe(429);
  });

  it("lets its owner in after a completed password reset, which starts the count afresh", async () => {
    const email = uniqueEmail("redefine");
    await ctx.customer(email, new Browser("198.51.100.150"));
    await tripAccountLimit(email);
    const laptop = new Browser("198.51.100.151");
    expect((await ctx.signIn(email, PASSWORD, laptop)).status).toBe(429);

    expect((await ctx.request("/api/auth/request-password-reset", { browser: laptop, json: { email } })).status).toBe(200);
    const mail = await ctx.mail.waitFor(email, (m) => m.subject.includes("Redefinição"));
    const token = new URL(linksIn(mail).find((url) => url.includes("modo=redefinir"))!).searchParams.get("token")!;
    const reset = await ctx.request("/api/auth/reset-password", { browser: laptop, json: { token, newPassword: "nova-senha-forte-8" } });
    expect(reset.status).toBe(200);

    expect((await ctx.signIn(email, "nova-senha-forte-8", new Browser("198.51.100.152"))).status).toBe(200);
  });

  it("refuses an expired link", async () => {
    const email = uniqueEmail("expira");
    await ctx.customer(email, new Browser("198.51.100.160"));
    const browser = new Browser("198.51.100.161");
    const asked = Date.now();
    expect((await askForLink(email, browser)).status).toBe(200);
    const token = await linkToken(email, asked);
    const stored = createHash("sha256").update(token).digest("base64url");
    await ctx.t.db
      .update(verifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verifications.identifier, `magic-link:${stored}`));
    const followed = await followLink(token, browser);
    expect(followed.headers.get("location")).toMatch(/error=/);
    expect(await signedInAs(browser)).toBeUndefined();
  });
});

describe("a sign-in link's lifetime", () => {
  it("is as long as its per-account limit's window, as the pages say", () => {
    // Whoever spends the limit has sent the owner links that still work.
    expect(SIGN_IN_LINK_SECONDS).toBe(R.signInLinkPerAccount.windowSeconds);
    expect(SIGN_IN_LINK_MINUTES * 60).toBe(SIGN_IN_LINK_SECONDS);
  });
});

describe("sign-in links reveal no account", () => {
  it("an unknown e-mail gets the same answer as a known one, and no e-mail; nothing is created", async () => {
    const known = uniqueEmail("conhecida");
    await ctx.customer(known, new Browser("198.51.100.170"));
    const unknown = uniqueEmail("ninguem");
    const a = await askForLink(known, new Browser("198.51.100.171"));
    const b = await askForLink(unknown, new Browser("198.51.100.172"));
    expect(b.status).toBe(a.status);
    expect(await b.json()).toEqual(await a.json());
    expect(b.headers.getSetCookie()).toEqual(a.headers.getSetCookie());
    expect(b.headers.get("content-type")).toBe(a.headers.get("content-type"));

    await ctx.mail.waitFor(known, (m) => m.subject === LINK_SUBJECT);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(ctx.mail.messages.some((m) => m.to.includes(unknown))).toBe(false);
    await expect(ctx.userId(unknown)).rejects.toThrow();
  });

  it("are limited per account, counted alike for known and unknown e-mails", async () => {
    const known = uniqueEmail("limite");
    await ctx.customer(known, new Browser("198.51.100.180"));
    for (const email of [known, uniqueEmail("ninguem")]) {
      for (let i = 0; i < R.signInLinkPerAccount.max; i++) {
        expect((await askForLink(email, new Browser(`198.51.100.${181 + i}`))).status).toBe(200);
      }
      const refused = await askForLink(email, new Browser("198.51.100.189"));
      expect(refused.status).toBe(429);
      expect(((await refused.json()) as { error: { code: string } }).error.code).toBe("rate_limited");
    }
  });
});
