// Issue 16 item 1, the browser's half: when the shop's realtime connection to PostgreSQL dropped,
// the messages published meanwhile are lost, and the event stream says `resync` once it is back
// (server/http/events-resync.test.ts proves the server's half); while the database is away a new
// stream is refused with 503. A page open at such a moment must re-read what it shows (here the
// order's status and the notification bell), and must not give up its stream for good.
import type { Page, Route } from "@playwright/test";
import { expect, openPage, test } from "./fixtures.ts";
import { uniqueEmail } from "./mail.ts";
import { placedCourseOrder, signedInCustomer } from "./shop-steps.ts";
import { withShopDatabase } from "./shop-db.ts";

const PASSWORD = "ressincroniza-pedido-42";
const bell = (page: Page) => page.getByRole("banner").getByRole("button", { name: "Notificações" });

/** A signed-in customer's order of the course, placed through the API: its id. */
async function orderOfACourse(page: Page): Promise<string> {
  await signedInCustomer(page, uniqueEmail("ressincroniza"), PASSWORD);
  return placedCourseOrder(page);
}

/** Paid, with its notification, while no message could reach the page. */
async function payQuietly(orderId: string): Promise<void> {
  await withShopDatabase(async (client) => {
    await client.query("update orders set status = 'paid', paid_at = now() where id = $1", [orderId]);
    await client.query(
      `insert into notifications (user_id, type, title, content, order_id)
       select user_id, 'payment_status_changed', 'Pagamento confirmado', 'Recebemos o seu Pix.', id from orders where id = $1`,
      [orderId],
    );
  });
}

/** A stream as the shop answers it; an hour's retry, so EventSource does not come back on its own. */
const stream = (route: Route, events: string) =>
  route.fulfill({
    status: 200,
    headers: { "content-type": "text/event-stream", "cache-control": "no-store" },
    body: `retry: 3600000\nevent: ready\ndata: {"topics":1}\n\n${events}`,
  });

async function expectPaidAndNotified(page: Page): Promise<void> {
  await expect(page.getByText("Pagamento confirmado. Obrigado!")).toBeVisible();
  await expect(page.getByRole("img", { name: "QR Code do Pix" })).toBeHidden();
  await expect(bell(page)).toHaveAccessibleDescription("2 não lidas");
}

// Only this page's stream is scripted: the shop's own LISTEN connection stays up for the other journeys.
test("an open order page and its bell re-read what changed when the stream says resync", async ({ page }) => {
  const orderId = await orderOfACourse(page);
  let release!: () => void;
  const changed = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/api/events*", async (route) => {
    await changed;
    await stream(route, "event: resync\ndata: null\n\n");
  });

  await openPage(page, `/success?order=${orderId}`);
  await expect(page.getByRole("img", { name: "QR Code do Pix" })).toBeVisible();
  await expect(bell(page)).toHaveAccessibleDescription("1 não lida");
  await payQuietly(orderId);
  release();
  await expectPaidAndNotified(page);
});

test("a page whose event stream was refused (database away) opens it again, and re-reads", async ({ page }) => {
  const orderId = await orderOfACourse(page);
  let requests = 0;
  let release!: () => void;
  const changed = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/api/events*", async (route) => {
    if (++requests === 1) {
      await route.fulfill({
        status: 503,
        headers: { "content-type": "application/json", "retry-after": "5" },
        body: JSON.stringify({ error: { code: "realtime_unavailable", message: "Atualizações em tempo real indisponíveis no momento." } }),
      });
      return;
    }
    await changed;
    await stream(route, "");
  });

  await openPage(page, `/success?order=${orderId}`);
  await expect(bell(page)).toHaveAccessibleDescription("1 não lida");
  await expect.poll(() => requests).toBe(1);
  await payQuietly(orderId);
  release();
  await expectPaidAndNotified(page);
  expect(requests).toBe(2);
});
