import { describe, expect, it } from "vitest";
import { orderStatusReason } from "#platform/db/tables/orders.ts";
import { ORDER_STATUS_REASONS } from "#domain/orders/order-moves.ts";

// The reasons are written twice by necessity: the browser-safe list the order pages render from,
// and the database enum (platform cannot import domain). This keeps the two from drifting apart.
describe("an order move's reasons", () => {
  it("are exactly the database enum's values, in its order", () => {
    expect([...ORDER_STATUS_REASONS]).toEqual([...orderStatusReason.enumValues]);
  });
});
