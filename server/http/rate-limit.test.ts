import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Browser, createAuthTestContext, PASSWORD, uniqueEmail, type AuthTestContext } from "#test/auth-helpers.ts";
import { createApp } from "#server/http/app.ts";
import { normalizeAddress } from "#server/http/client-address.ts";
import { AUTH_RATE_RULES } from "#platform/rate-limit.ts";

let ctx: AuthTestContext;
beforeAll(async () => {
  ctx = await createAuthTestContext();
});
afterAll(async () => ctx?.close());

const R = AUTH_RATE_RULES;
type ErrorJson = { error: { code: string; message: string } };

/** A sign-in attempt better-auth refuses before hashing (password too long), so tests run fast; it still counts. */
const quickAttempt = (email: string, browser: Browser, app?: ReturnType<typeof createApp>) =>
  app
    ? app.request(
        "/api/auth/sign-in/email",
        {
          method: "POST",
          headers: { "content-type": "application/json", origin: "http://localhost:3000" },
          body: JSON.stringify({ email, password: "x".repeat(200) }),
        },
        { incoming: { socket: { remoteAddress: browser.address } } },
      )
    : ctx.request("/api/auth/sign-in/email", { browser, json: { email, password: "x".repeat(200) } });

async function expectLimited(response: Response) {
  expect(response.status).toBe(429);
  expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
  expect(((await response.json()) as ErrorJson).error).toEqual({
    code: "rate_limited",
    message: "Muitas tentativas. Aguarde alguns minutos e tente novamente.",
  });
}

describe("sign-in rate limits", () => {
  it("per address: many attempts from one address are refused, other addresses are not affected", async () => {
    const attacker = new Browser("198.51.100.1");
    for (let i = 0; i < R.signInPerAddress.max; i++) {
      expect((await quickAttempt(uniqueEmail("lista"), attacker)).status).toBe(400);
    }
    await expectLimited(await ctx.signIn(uniqueEmail("lista"), PASSWORD, attacker));
    const email = uniqueEmail();
    await ctx.customer(email);
    // The attacker is refused even with a right password; a customer elsewhere signs in.
    await expectLimited(await ctx.signIn(email, PASSWORD, attacker));
    expect((await ctx.signIn(email, PASSWORD, new Browser("198.51.100.2"))).status).toBe(200);
  });

  it("per account and address: guessing one password from one place stops, the customer elsewhere still gets in", async () => {
    const email = uniqueEmail();
    await ctx.customer(email);
    const guesser = new Browser("198.51.100.10");
    for (let i = 0; i < R.signInPerAccountAndAddress.max; i++) {
      expect((await ctx.signIn(email, `chute-${i}-errado`, guesser)).status).toBe(401);
    }
    await expectLimited(await ctx.signIn(email, PASSWORD, guesser));
    expect((await ctx.signIn(email, PASSWORD, new Browser("198.51.100.11"))).status).toBe(200);
  });

  it("counts an unknown e-mail exactly like a known one (the limit reveals nothing)", async () => {
    const guesser = new Browser("198.51.100.20");
    const unknown = uniqueEmail("ninguem");
    for (let i = 0; i < R.signInPerAccountAndAddress.max; i++) await quickAttempt(unknown, guesser);
    await expectLimited(await ctx.signIn(unknown, PASSWORD, guesser));
  });

  it("a right password starts the account-and-address count afresh", async () => {
    const email = uniqueEmail();
    await ctx.customer(email);
    const customer = new Browser("198.51.100.30");
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < R.signInPerAccountAndAddress.max - 1; i++) await quickAttempt(email, customer);
      expect((await ctx.signIn(email, PASSWORD, customer)).status).toBe(200);
    }
  });

  it("per account from anywhere: a distributed attack is stopped, and a browser the customer signed in on still gets in", async () => {
    const email = uniqueEmail();
    await ctx.customer(email);
    const usual = new Browser("198.51.100.40");
    expect((await ctx.signIn(email, PASSWORD, usual)).status).toBe(200);
    expect(usual.cookies.get("loja.device")).toBeTruthy();

    for (let i = 0; i < R.signInPerAccount.max; i++) {
      expect((await quickAttempt(email, new Browser(`192.0.2.${i + 1}`))).status).toBe(400);
    }
    // A new place (even with the password) waits; the customer's own browser is not locked out.
    await expectLimited(await ctx.signIn(email, PASSWORD, new Browser("192.0.2.200")));
    expect((await ctx.signIn(email, PASSWORD, usual)).status).toBe(200);
    // Another account's device cookie does not open this one.
    const other = uniqueEmail();
    const stranger = await ctx.customer(other, new Browser("192.0.2.201"));
    expect((await ctx.signIn(other, PASSWORD, stranger)).status).toBe(200);
    await expectLimited(await ctx.signIn(email, PASSWORD, stranger));
  });

  it("holds across instances: the counters live in PostgreSQL", async () => {
    const email = uniqueEmail();
    await ctx.customer(email);
    const secondInstance = createApp({ ...ctx.t.services });
    const guesser = new Browser("198.51.100.50");
    for (let i = 0; i < R.signInPerAccountAndAddress.max; i++) {
      await quickAttempt(email, guesser, i % 2 === 0 ? ctx.app : secondInstance);
    }
    await expectLimited(await quickAttempt(email, guesser, secondInstance));
    await expectLimited(await ctx.signIn(email, PASSWORD, guesser));
  });
});

describe("the client address", () => {
  it("ignores X-Forwarded-For unless TRUST_PROXY is set: a client cannot pick its own bucket", async () => {
    const attacker = new Browser("198.51.100.60");
    for (let i = 0; i < R.signInPerAddress.max; i++) {
      const response = await ctx.request("/api/auth/sign-in/email", {
        browser: attacker,
        json: { email: `nao-e-email-${i}`, password: "x" },
        headers: { "x-forwarded-for": `203.0.113.${i + 1}` },
      });
      expect(response.status).toBe(400);
    }
    await expectLimited(await ctx.signIn(uniqueEmail(), PASSWORD, attacker));
  });

  it("behind a trusted proxy, counts the address the proxy appended, not what the client wrote before it", async () => {
    const proxied = createApp({ ...ctx.t.services, config: { ...ctx.t.services.config, TRUST_PROXY: true } });
    const proxy = { incoming: { socket: { remoteAddress: "10.0.0.2" } } };
    let n = 0;
    const attempt = (forwardedFor: string) =>
      proxied.request(
        "/api/auth/sign-in/email",
        {
          method: "POST",
          headers: { "content-type": "application/json", origin: "http://localhost:3000", "x-forwarded-for": forwardedFor },
          body: JSON.stringify({ email: `nao-e-email-${n++}`, password: "x" }),
        },
        proxy,
      );
    for (let i = 0; i < R.signInPerAddress.max; i++) {
      expect((await attempt(`1.1.1.${i}, 198.51.100.70`)).status).toBe(400);
    }
    expect((await attempt("1.1.1.250, 198.51.100.70")).status).toBe(429);
    // Another client behind the same proxy is someone else.
    expect((await attempt("198.51.100.71")).status).toBe(400);
  });

  it("groups IPv6 clients by /64 and reads IPv4-mapped addresses as IPv4", () => {
    expect(normalizeAddress("2001:db8:1:2:aaaa:bbbb:cccc:dddd")).toBe("2001:db8:1:2::/64");
    expect(normalizeAddress("2001:db8:1:2::1")).toBe("2001:db8:1:2::/64");
    expect(normalizeAddress("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(normalizeAddress("::ffff:192.0.2.7")).toBe("192.0.2.7");
    expect(normalizeAddress("192.0.2.7")).toBe("192.0.2.7");
    expect(normalizeAddress("não é ip")).toBe("0.0.0.0");
  });
});

describe("e-mail sending limits", () => {
  it("reset links: a few per account per window, answered alike for known and unknown e-mails", async () => {
    const known = uniqueEmail();
    await ctx.customer(known);
    const unknown = uniqueEmail("ninguem");
    // The known account's confirmation e-mail (sign-up) already counted once.
    for (const [email, allowed] of [
      [known, R.emailPerAccount.max - 1],
      [unknown, R.emailPerAccount.max],
    ] as const) {
      for (let i = 0; i < allowed; i++) {
        const browser = new Browser(`198.51.100.${80 + i}`);
        expect((await ctx.request("/api/auth/request-password-reset", { browser, json: { email } })).status).toBe(200);
      }
      await expectLimited(
        await ctx.request("/api/auth/request-password-reset", { browser: new Browser("198.51.100.99"), json: { email } }),
      );
    }
  });
});
