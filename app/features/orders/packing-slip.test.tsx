import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { PackingSlip } from "#app/features/orders/packing-slip.tsx";
import type { OrderDetail } from "#domain/orders/order-types.ts";

const line = (productName: string, needsShipping: boolean) => ({
  productId: productName,
  productName,
  productSlug: productName.toLowerCase(),
  unitType: "unit" as const,
  quantity: 1,
  unitPriceCents: 10_000,
  totalPriceCents: 10_000,
  packagingFeeCents: 0,
  finalTotalCents: 10_000,
  needsShipping,
});

/** A mixed order as the admin's order page has it: a sample that ships and a consultoria that is held. */
const mixed = {
  number: 10042,
  createdAt: "2026-11-20T13:00:00.000Z",
  shippingMethod: "me-17",
  trackingCode: null,
  shippingDays: 5,
  productionDays: 0,
  shippingAddress: {
    recipientName: "Helena Rocha",
    street: "Avenida Paulista",
    number: "1000",
    complement: "",
    neighborhood: "Bela Vista",
    city: "São Paulo",
    state: "SP",
    cep: "01310100",
    cpf: "52998224725",
  },
  items: [line("Amostra Golden Teacher", true), line("Consultoria de cultivo", false)],
} as unknown as OrderDetail;

describe("the packing slip (issue 30 item 6)", () => {
  it("lists only what goes in the parcel: a mixed order's consultoria is never an item to pack", () => {
    const html = renderToString(<PackingSlip order={mixed} />);
    expect(html).toContain("Amostra Golden Teacher");
    expect(html).not.toContain("Consultoria de cultivo");
    expect(html).toMatch(/Envio: (<!-- -->)?Mini Envios/);
  });
});
