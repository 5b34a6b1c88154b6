import { describe, expect, it } from "vitest";
import { describeAudit } from "#domain/audit/audit-sentences.ts";
import { entityHref } from "#app/features/audit/audit-labels.ts";

describe("the audit log's reading", () => {
  it("lists only the fields that changed, with order statuses in Portuguese", () => {
    const read = (before: unknown, after: unknown, entityType = "order") =>
      describeAudit({ action: "order.move_status", entityType, entityId: "x", entityLabel: "10001", before, after }).sentences;
    expect(
      read(
        { status: "pending_payment", trackingCode: null, cancelReason: null },
        { status: "paid", trackingCode: null, cancelReason: null },
      ),
    ).toEqual(["Pedido #10001: aguardando pagamento → pago"]);
    expect(read(null, { priceCents: 1990 }, "product").map((text) => text.replace(/\u00a0/g, " "))).toEqual([
      "Produto 10001: preço R$ 19,90",
    ]);
    expect(read("texto", [1])).toEqual([]);
  });

  it("links orders and products to their admin pages", () => {
    expect(entityHref("order", "abc")).toBe("/admin?order=abc");
    expect(entityHref("product", "p 1")).toBe("/customizar-produto?produto=p%201");
    expect(entityHref("shipping_rate", "x")).toBeNull();
  });
});
