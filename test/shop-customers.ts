// Customers of a shop running as a child process (test/shop-process.ts): accounts made through its
// API (confirmed by the link it e-mails to test/mail-server.ts), carts and checkouts, over HTTP.
import { expect } from "vitest";
import { productUuid } from "#domain/catalog/product-slugs.ts";
import { Browser, PASSWORD, PUBLIC_URL } from "#test/auth-helpers.ts";
import { CHECKOUT_ADDRESS } from "#test/checkout-address.ts";
import { linksIn, type MailServer } from "#test/mail-server.ts";

/** The liquid-culture kit: sold by the unit, with stock. */
export const KIT = productUuid(4);

/** What a child shop needs to e-mail its confirmation links and tell customers apart by address. */
export const CUSTOMER_ENV = (mail: MailServer) => ({ SMTP_URL: mail.url, TRUST_PROXY: "true" });

type Shop = { url(pathname: string): string };

/**
 * A request from `browser` to `shop`, as a browser on the shop sends it (Origin, cookies, its own
 * address in X-Forwarded-For, so sign-up limits per address stay out of the way).
 */
export async function shopRequest(
  shop: Shop,
  path: string,
  options: { browser?: Browser; json?: unknown; method?: string; timeoutMs?: number } = {},
): Promise<Response> {
  const headers: Record<string, string> = { origin: PUBLIC_URL };
  if (options.browser) {
    headers["x-forwarded-for"] = options.browser.address;
    if (options.browser.cookies.size > 0) headers.cookie = options.browser.header();
  }
  if (options.json !== undefined) headers["content-type"] = "application/json";
  const response = await fetch(shop.url(path), {
    method: options.method ?? (options.json === undefined ? "GET" : "POST"),
    headers,
    body: options.json === undefined ? undefined : JSON.stringify(options.json),
    redirect: "manual",
    signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
  });
  options.browser?.store(response);
  return response;
}

let counter = 0;

/** A new account, confirmed through the e-mailed link (which signs it in): its browser. */
export async function signedUpCustomer(shop: Shop, mail: MailServer, label = "cliente"): Promise<Browser> {
  const n = ++counter;
  const email = `${label}-${Date.now().toString(36)}-${n}@example.com`;
  const browser = new Browser(`198.51.100.${(n % 250) + 1}`);
  const signUp = await shopRequest(shop, "/api/auth/sign-up/email", {
    browser,
    json: { name: "Cliente Teste", email, password: PASSWORD, callbackURL: "/auth?verificado=1" },
  });
  expect(signUp.status, await signUp.clone().text()).toBe(200);
  const message = await mail.waitFor(email, (m) => m.subject.includes("Confirme"));
  const link = new URL(linksIn(message).find((url) => url.includes("/api/auth/verify-email"))!);
  const verified = await shopRequest(shop, link.pathname + link.search, { browser });
  expect(verified.status).toBe(302);
  expect(browser.sessionCookie, "sessão criada pelo link de confirmação").toBeTruthy();
  return browser;
}

/** The checkout body for one kit delivered by PAC; the key makes it one attempt. */
export const checkoutBody = (idempotencyKey: string) => ({
  idempotencyKey,
  address: CHECKOUT_ADDRESS,
  shippingMethod: "pac",
  confirmAdult: true,
  acceptTerms: true,
});
