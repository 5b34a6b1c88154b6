// Issue 31's journey: the owner's phone (390 px) turns notifications on from a tap; a customer's
// Pix is confirmed from another admin's device, and another customer's is paid through Mercado
// Pago's webhook (its local fake); the local push service (test/fakes/) gets one encrypted message
// per device of the owner for each order, decrypted to the order's text and link, and none more when
// the payment is confirmed again or the webhook repeats; Chromium's service worker shows that message
// (DevTools' ServiceWorker.deliverPushMessage: no real push service is reachable here) and its link
// opens the order. Offline, the app shows the last orders list it saw, marked as old.
import type { Browser, Page } from "@playwright/test";
import { productUuid } from "../domain/catalog/product-slugs.ts";
import { CHECKOUT_ADDRESS } from "../test/checkout-address.ts";
import { startFakePushService, type FakePushService } from "../test/fakes/push-service-fake.ts";
import { startMercadoPagoFake, type MercadoPagoFake } from "../test/fakes/mercadopago-fake.ts";
import { killAll, type ShopProcess } from "../test/shop-process.ts";
import { expectAccessible } from "./axe-checks.ts";
import { expect, test, waitForHydration } from "./fixtures.ts";
import { linkIn, uniqueEmail, waitForMail } from "./mail.ts";
import { startOwnShop } from "./own-shop.ts";

let pushService: FakePushService | undefined;
let mercadoPago: MercadoPagoFake | undefined;

test.afterAll(async () => {
  await killAll();
  await pushService?.close();
  await mercadoPago?.close();
});

/** A shop of its own (its database in the test server's PostgreSQL), trusting the fake push service. */
/** An account of `shop` signed up through the API; admins confirm their address through the e-mailed link. */
async function signedUp(page: Page, shop: ShopProcess, email: string, admin: boolean): Promise<void> {
  const origin = { origin: shop.url("").replace(/\/$/, "") };
  const password = "cogumelo-push-42";
  const signUp = await page.request.post(shop.url("/api/auth/sign-up/email"), {
    data: { name: "Pessoa Teste", email, password },
    headers: origin,
  });
  expect(signUp.status()).toBe(200);
  if (admin) {
    const confirmation = await waitForMail(email, (mail) => mail.subject.startsWith("Confirme"));
    await page.goto(linkIn(confirmation, "/api/auth/verify-email"));
  } else {
    expect((await page.request.post(shop.url("/api/auth/sign-in/email"), { data: { email, password }, headers: origin })).status()).toBe(
      200,
    );
  }
}

async function newPage(browser: Browser, shop: ShopProcess, phone = false): Promise<Page> {
  const context = await browser.newContext({
    baseURL: shop.url(""),
    ...(phone ? { viewport: { width: 390, height: 844 }, hasTouch: true } : {}),
  });
  await context.addInitScript(() => localStorage.setItem("ageAndCookiesAccepted", "true"));
  return context.newPage();
}

test("the owner's phone is told of a paid order once per device, shows it, and its link opens the order", async ({ browser }) => {
  test.setTimeout(150_000);
  pushService = await startFakePushService();
  mercadoPago = await startMercadoPagoFake();
  const ownerEmail = uniqueEmail("dona-push");
  const counterEmail = uniqueEmail("balcao-push");
  const shop = await startOwnShop("shop_owner_push", 7, {
    ADMIN_EMAILS: `${ownerEmail},${counterEmail}`,
    PUSH_CA_FILE: pushService.caFile,
    VAPID_SUBJECT: "mailto:dona@example.com",
    PIX_PROVIDER: "mercadopago",
    MERCADOPAGO_API_URL: mercadoPago.url,
    MERCADOPAGO_ACCESS_TOKEN: mercadoPago.accessToken,
    MERCADOPAGO_WEBHOOK_SECRET: mercadoPago.webhookSecret,
  });
  const origin = shop.url("").replace(/\/$/, "");
  const fromTheShop = { origin };

  // The owner's phone: Chromium here cannot reach Google's push service, so the browser's
  // subscription is one of the fake service's (its keys are the ones the fake decrypts with).
  const phone = pushService.subscribe();
  const owner = await newPage(browser, shop, true);
  await owner.context().grantPermissions(["notifications"], { origin });
  await owner.context().addInitScript((subscription) => {
    let current: unknown = null;
    PushManager.prototype.getSubscription = async () => current as PushSubscription | null;
    PushManager.prototype.subscribe = async () => {
      current = { endpoint: subscription.endpoint, toJSON: () => subscription, unsubscribe: async () => ((current = null), true) };
      return current as PushSubscription;
    };
  }, phone.toJSON());
  await signedUp(owner, shop, ownerEmail, true);
  await owner.goto(shop.url("/admin/configuracoes"));
  await waitForHydration(owner);
  await owner.getByRole("button", { name: "Ativar notificações neste aparelho" }).tap();
  // The service worker installs and activates before the subscription: seconds on a loaded machine.
  await expect(owner.getByText("Pronto: este aparelho vai receber as notificações da loja.")).toBeVisible({ timeout: 20_000 });
  const devices = owner.getByRole("list", { name: "Aparelhos que recebem notificações" });
  await expect(devices.getByRole("listitem")).toHaveCount(1);
  await expect(devices.getByRole("checkbox", { name: "Pedido pago" })).toBeChecked();
  await expectAccessible(owner, "/admin/configuracoes (notificações, celular)");
  // The owner's tablet, subscribed the same way.
  const tablet = pushService.subscribe();
  expect(
    (
      await owner.request.post(shop.url("/api/admin/push/devices"), {
        data: { ...tablet.toJSON(), deviceLabel: "Tablet" },
        headers: fromTheShop,
      })
    ).status(),
  ).toBe(201);

  // A customer orders a kit; the counter's admin confirms the Pix (seen in the bank) from another device.
  const ordersAKit = async () => {
    const customer = await newPage(browser, shop);
    await signedUp(customer, shop, uniqueEmail("cliente-push"), false);
    expect(
      (
        await customer.request.post(shop.url("/api/cart/items"), { data: { productId: productUuid(4), quantity: 1 }, headers: fromTheShop })
      ).status(),
    ).toBe(201);
    const placed = await customer.request.post(shop.url("/api/checkout/orders"), {
      data: {
        idempotencyKey: crypto.randomUUID(),
        address: CHECKOUT_ADDRESS,
        shippingMethod: "pac",
        confirmAdult: true,
        acceptTerms: true,
      },
      headers: fromTheShop,
    });
    expect(placed.status(), await placed.text()).toBe(201);
    return (await placed.json()) as { orderId: string; number: number };
  };
  const order = await ordersAKit();
  const counter = await newPage(browser, shop);
  await signedUp(counter, shop, counterEmail, true);
  const confirm = () => counter.request.post(shop.url(`/api/admin/orders/${order.orderId}/confirm-payment`), { headers: fromTheShop });
  expect((await confirm()).status()).toBe(200);

  const forOrder = () => pushService!.received.filter((push) => push.text.includes(order.orderId));
  await expect.poll(() => forOrder().length, { timeout: 15_000 }).toBe(2);
  expect(
    forOrder()
      .map((push) => push.device)
      .sort(),
  ).toEqual([phone.id, tablet.id].sort());
  const message = JSON.parse(forOrder().find((push) => push.device === phone.id)!.text) as {
    notification: { title: string; navigate: string };
  };
  expect(message.notification.title).toMatch(new RegExp(`^Pedido #${order.number} pago — R\\$\\s[\\d.]+,\\d{2}$`));
  expect(message.notification.navigate).toBe(`${origin}/admin/pedidos?order=${order.orderId}`);
  expect(pushService.refusals).toEqual([]);

  // Confirmed again (a second tap, a late webhook): the order does not move, no phone buzzes again.
  expect((await confirm()).status()).toBeLessThan(500);
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  expect(forOrder()).toHaveLength(2);

  // Another customer pays through Mercado Pago: its webhook arrives twice; each device is told once.
  const chargesBefore = mercadoPago.payments.size;
  const paidOnline = await ordersAKit();
  await expect.poll(() => mercadoPago!.payments.size, { timeout: 15_000 }).toBeGreaterThan(chargesBefore);
  const charge = [...mercadoPago.payments.values()].at(-1)!;
  expect((await mercadoPago.approve(charge.id, { copies: 2 })).map((delivery) => delivery.status)).toEqual([200, 200]);
  const forPaidOnline = () => pushService!.received.filter((push) => push.text.includes(paidOnline.orderId));
  await expect.poll(() => forPaidOnline().length, { timeout: 15_000 }).toBe(2);
  expect(
    forPaidOnline()
      .map((push) => push.device)
      .sort(),
  ).toEqual([phone.id, tablet.id].sort());
  const online = JSON.parse(forPaidOnline()[0]!.text) as { notification: { title: string; navigate: string } };
  expect(online.notification.title).toMatch(new RegExp(`^Pedido #${paidOnline.number} pago — R\\$\\s[\\d.]+,\\d{2}$`));
  expect(online.notification.navigate).toBe(`${origin}/admin/pedidos?order=${paidOnline.orderId}`);
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  expect(forPaidOnline()).toHaveLength(2);

  // The phone's service worker receives the decrypted message and shows it.
  const devtools = await owner.context().newCDPSession(owner);
  const registrations: Array<{ registrationId: string; scopeURL: string; isDeleted: boolean }> = [];
  devtools.on("ServiceWorker.workerRegistrationUpdated", (event) => registrations.push(...event.registrations));
  await devtools.send("ServiceWorker.enable");
  await expect.poll(() => registrations.find((r) => !r.isDeleted && r.scopeURL === `${origin}/admin`)?.registrationId).toBeTruthy();
  const registrationId = registrations.find((r) => !r.isDeleted && r.scopeURL === `${origin}/admin`)!.registrationId;
  await devtools.send("ServiceWorker.deliverPushMessage", {
    origin,
    registrationId,
    data: forOrder().find((push) => push.device === phone.id)!.text,
  });
  const shown = () =>
    owner.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration("/admin");
      return (await registration!.getNotifications()).map((n) => ({ title: n.title, url: (n.data as { url: string }).url }));
    });
  await expect.poll(shown, { timeout: 10_000 }).toEqual([{ title: message.notification.title, url: message.notification.navigate }]);

  // The notification's link is the order's page in the admin.
  await owner.goto((await shown())[0]!.url);
  await waitForHydration(owner);
  await expect(owner.getByRole("heading", { name: new RegExp(`#${order.number}`) }).first()).toBeVisible();

  // The orders list, then the phone loses its connection: the offline page shows that list, marked as old.
  await owner.goto(shop.url("/admin/pedidos"));
  await waitForHydration(owner);
  // The page kept the list it showed (app/lib/orders-seen.ts), with the order just paid.
  await expect
    .poll(() =>
      owner.evaluate(
        () =>
          new Promise<number[]>((resolve) => {
            const opening = indexedDB.open("loja-app", 1);
            // As the page and the worker open it: whoever comes first makes the store.
            opening.onupgradeneeded = () => opening.result.createObjectStore("vistos");
            opening.onsuccess = () => {
              const reading = opening.result.transaction("vistos").objectStore("vistos").get("pedidos");
              reading.onsuccess = () =>
                resolve(((reading.result as { orders?: Array<{ number: number }> } | undefined)?.orders ?? []).map((seen) => seen.number));
              reading.onerror = () => resolve([]);
            };
            opening.onerror = () => resolve([]);
          }),
      ),
    )
    .toContain(paidOnline.number);
  await owner.context().setOffline(true);
  await owner.reload();
  await expect(owner.getByRole("heading", { name: "Sem conexão" })).toBeVisible();
  await expect(owner.getByText(/^Visto às \d{2}:\d{2} — sem conexão$/)).toBeVisible();
  await expect(owner.getByText(`Pedido #${paidOnline.number}`)).toBeVisible();
  await expect(owner.getByText(`Pedido #${order.number}`)).toBeVisible();
  await owner.context().setOffline(false);
});
