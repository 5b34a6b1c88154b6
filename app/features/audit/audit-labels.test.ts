import { describe, expect, it } from "vitest";
import { changedFields, entityHref } from "#app/features/audit/audit-labels.ts";

describe("the audit log's reading", () => {
  it("lists only the fields that changed, with order statuses in Portuguese", () => {
    expect(
      changedFields(
        { status: "pending_payment", trackingCode: null, cancelReason: null },
        { status: "paid", trackingCode: null, cancelReason: null },
      ),
    ).toEqual([{ field: "Status", from: "Aguardando pagamento", to: "Pago" }]);
    expect(changedFields(null, { priceCents: 1990 })).toEqual([{ field: "Preço", from: "—", to: "1990" }]);
    expect(changedFields("texto", [1])).toEqual([]);
  });

  it("links orders and products to their admin pages", () => {
    expect(entityHref("order", "abc")).toBe("/admin?order=abc");
    expect(entityHref("product", "p 1")).toBe("/customizar-produto?produto=p%201");
    expect(entityHref("shipping_rate", "x")).toBeNull();
  });
});
