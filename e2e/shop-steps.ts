// Steps several journeys share: customers and admins made through the API and signed in in a page's
// context, the first visitor's age gate accepted, a product page's cart line chosen and added.
import type { Page } from "@playwright/test";
import { expect } from "./fixtures.ts";
import { linkIn, uniqueEmail, waitForMail } from "./mail.ts";
import { productUuid } from "../domain/catalog/product-slugs.ts";
import { CHECKOUT_ADDRESS } from "../test/checkout-address.ts";
import { withShopDatabase } from "./shop-db.ts";
import { E2E_BASE_URL } from "./test-env.ts";

/** What a browser sends with every POST; better-auth refuses a request that carries cookies without it. */
export const fromTheShop = { origin: E2E_BASE_URL };

/**
 * The address of a customer of their own: the test server trusts X-Forwarded-For (TRUST_PROXY, as
 * behind the shop's proxy), so accounts made through the API do not all count against the one
 * address every journey runs from (sign-ups: 20 per 10 minutes per address, decision 002).
 */
const ownAddress = () => ({ "x-forwarded-for": `198.18.${Math.floor(Math.random() * 256)}.${1 + Math.floor(Math.random() * 254)}` });

/** An account made through the API (the journeys that are not about signing up), signed in in this page's context. */
export async function signedInCustomer(page: Page, email: string, password: string) {
  const address = ownAddress();
  const signUp = await page.request.post("/api/auth/sign-up/email", { data: { name: "Cliente Teste", email, password }, headers: address });
  expect(signUp.status()).toBe(200);
  const signIn = await page.request.post("/api/auth/sign-in/email", { data: { email, password }, headers: { ...fromTheShop, ...address } });
  expect(signIn.status()).toBe(200);
}

/** An admin (listed in admin_emails, as the maintenance panel will do) who confirmed the address, signed in in `page`. */
export async function signedInAdmin(page: Page, password: string): Promise<string> {
  const email = uniqueEmail("admin-pedidos");
  await withShopDatabase((client) => client.query("insert into admin_emails (email) values ($1)", [email]));
  const signUp = await page.request.post("/api/auth/sign-up/email", {
    data: { name: "Admin Pedidos", email, password },
    headers: ownAddress(),
  });
  expect(signUp.status()).toBe(200);
  const mail = await waitForMail(email, (m) => m.subject.startsWith("Confirme"));
  const link = new URL(linkIn(mail, "/api/auth/verify-email"));
  await page.goto(link.pathname + link.search);
  return email;
}

/** The first-visit gate: scrolls its terms to the end and accepts them. */
export async function acceptGate(page: Page) {
  const gate = page.getByRole("dialog", { name: "Termos de uso e verificação de idade" });
  await expect(gate).toBeVisible();
  await gate.getByRole("region", { name: "Texto dos termos" }).evaluate(
    (element) =>
      new Promise<void>((resolve) => {
        element.addEventListener("scroll", () => requestAnimationFrame(() => resolve()), { once: true });
        element.scrollTop = element.scrollHeight;
      }),
  );
  await gate.getByRole("button", { name: "Eu li e concordo com os termos" }).click();
  await expect(gate).toBeHidden();
}

/** On a gram product's page: 50 g with individual sachets, added to the cart (the toast confirms it). */
export async function addFiftyGramsInSachets(page: Page) {
  await page.getByRole("group", { name: "Quantidades sugeridas" }).getByRole("button", { name: "50 g" }).click();
  await page.getByLabel(/Embalagem individual por sachê/).check();
  await page.getByRole("button", { name: "Adicionar ao carrinho" }).click();
  await expect(page.getByText("Adicionado ao carrinho")).toBeVisible();
}

/** A course (no shipping, no address) ordered through the API by the customer signed in in `page`, waiting for its Pix: its id. */
export async function placedCourseOrder(page: Page): Promise<string> {
  const added = await page.request.post("/api/cart/items", { data: { productId: productUuid(201), quantity: 1 }, headers: fromTheShop });
  expect(added.status(), await added.text()).toBe(201);
  const placed = await page.request.post("/api/checkout/orders", {
    data: { idempotencyKey: crypto.randomUUID(), confirmAdult: true, acceptTerms: true },
    headers: fromTheShop,
  });
  expect(placed.status(), await placed.text()).toBe(201);
  return ((await placed.json()) as { orderId: string }).orderId;
}

/**
 * A course (no shipping, so paid → delivered is allowed) ordered through the API by the customer
 * signed in in `page`, then paid and delivered by the admin signed in in `admin`. Returns its id.
 */
export async function deliveredCourseOrder(page: Page, admin: Page): Promise<string> {
  const orderId = await placedCourseOrder(page);
  for (const [path, data] of [
    ["confirm-payment", undefined],
    ["status", { status: "delivered" }],
  ] as const) {
    const done = await admin.request.post(`/api/admin/orders/${orderId}/${path}`, { data, headers: fromTheShop });
    expect(done.status(), await done.text()).toBe(200);
  }
  return orderId;
}

/**
 * A liquid-culture kit (a physical product, shipped by PAC) ordered through the API by the customer
 * signed in in `page`, then paid by the admin signed in in `admin`. Returns its id and number.
 */
export async function paidKitOrder(page: Page, admin: Page): Promise<{ orderId: string; number: number }> {
  const added = await page.request.post("/api/cart/items", { data: { productId: productUuid(4), quantity: 1 }, headers: fromTheShop });
  expect(added.status(), await added.text()).toBe(201);
  const placed = await page.request.post("/api/checkout/orders", {
    data: { idempotencyKey: crypto.randomUUID(), address: CHECKOUT_ADDRESS, shippingMethod: "pac", confirmAdult: true, acceptTerms: true },
    headers: fromTheShop,
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const order = (await placed.json()) as { orderId: string; number: number };
  const paid = await admin.request.post(`/api/admin/orders/${order.orderId}/confirm-payment`, { headers: fromTheShop });
  expect(paid.status(), await paid.text()).toBe(200);
  return order;
}
