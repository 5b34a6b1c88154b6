import { describe, expect, it } from "vitest";
import { AUDIT_ORDER_STATUS_WORDS } from "#domain/audit/audit-sentences.ts";
import { canTransition, isValidTrackingCode, ORDER_STATUS_LABELS, ORDER_STATUSES, ORDER_TRANSITIONS } from "#domain/orders/order-status.ts";

describe("order status transitions", () => {
  it("follows pending_payment → paid → preparing → shipped → delivered", () => {
    expect(canTransition("pending_payment", "paid")).toBe(true);
    expect(canTransition("paid", "preparing")).toBe(true);
    expect(canTransition("preparing", "shipped")).toBe(true);
    expect(canTransition("shipped", "delivered")).toBe(true);
  });
  it("refuses skipping back, leaving final states and cancelling a shipped order", () => {
    expect(canTransition("pending_payment", "shipped")).toBe(false);
    expect(canTransition("shipped", "preparing")).toBe(false);
    expect(canTransition("shipped", "cancelled")).toBe(false);
    expect(canTransition("pending_payment", "refunded")).toBe(false);
    expect(ORDER_TRANSITIONS.cancelled).toEqual([]);
    expect(ORDER_TRANSITIONS.refunded).toEqual([]);
    for (const status of ORDER_STATUSES) expect(canTransition(status, status)).toBe(false);
  });
});

describe("Correios tracking code", () => {
  it("accepts S10 codes ending in BR with the right check digit", () => {
    expect(isValidTrackingCode("RR123456785BR")).toBe(true);
    expect(isValidTrackingCode(" rr 123.456.785 br")).toBe(true);
    expect(isValidTrackingCode("PJ000000005BR")).toBe(true);
  });
  it("refuses a wrong check digit, another country or another shape", () => {
    expect(isValidTrackingCode("RR123456784BR")).toBe(false);
    expect(isValidTrackingCode("RA473124829GB")).toBe(false);
    expect(isValidTrackingCode("123456785BR")).toBe(false);
    expect(isValidTrackingCode("")).toBe(false);
  });
});

describe("order statuses in the audit log", () => {
  // The audit module cannot import orders (orders writes its entries), so it keeps its own words.
  it("reads every status as the orders' label does, in lower case", () => {
    expect(AUDIT_ORDER_STATUS_WORDS).toEqual(
      Object.fromEntries(ORDER_STATUSES.map((status) => [status, ORDER_STATUS_LABELS[status].toLocaleLowerCase("pt-BR")])),
    );
  });
});
