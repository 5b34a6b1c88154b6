import { describe, expect, it } from "vitest";
import { createApp } from "#server/http/app.ts";
import { CART_COOKIE, cartSessionIdOf, issueCartToken } from "#server/http/cart-token.ts";
import { setUpTestDatabase } from "#test/database.ts";
import { readEventStream } from "#test/event-stream.ts";
import { publishNow, REALTIME_APPLICATION_NAME, sessionTopic } from "#platform/realtime/bus.ts";

/*
 * Issue 16 item 1: when the shop's LISTEN connection dies (pg_terminate_backend, a PostgreSQL
 * restart), an open /api/events stream stays open, gets a `resync` once the bus is listening
 * again (so the page re-reads what it shows), and carries the events published afterwards.
 */

const t = setUpTestDatabase();

describe("an open event stream when the LISTEN connection dies", () => {
  it("gets a resync once the bus listens again, then the events published afterwards", async () => {
    // The stream follows the cart of the browser's server-issued token (decision 017).
    const token = issueCartToken(t.services.config);
    const session = cartSessionIdOf(token);
    const app = createApp(t.services);
    const response = await app.request("/api/events", { headers: { cookie: `${CART_COOKIE}=${token}` } });
    expect(response.status).toBe(200);
    const stream = readEventStream(response);
    try {
      await stream.until("event: ready", 5000);
      const { rowCount } = await t.db.$client.query(
        "select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1 and datname = current_database()",
        [REALTIME_APPLICATION_NAME],
      );
      expect(rowCount).toBe(1);
      await stream.until("event: resync", 15_000);

      await publishNow(t.db, [{ topic: sessionTopic(session), type: "cart.changed", data: { reason: "added" } }]);
      expect(await stream.until("event: cart.changed", 5000)).toContain('"reason":"added"');
    } finally {
      await stream.close();
    }
  });
});
