import { describe, expect, it } from "vitest";
import { fulfilmentProfileSchema } from "#domain/settings/fulfilment-profile.ts";
import { packingSlipLines } from "#domain/labels/packing-slip.ts";
import { FULFILMENT_PROFILE } from "#test/builders.ts";

const sender = fulfilmentProfileSchema.parse(FULFILMENT_PROFILE).sender;

describe("the packing slip (issue 30 items 4 and 6)", () => {
  it("of a mixed order lists only the goods in the box, with the sender and the recipient", () => {
    const text = packingSlipLines(
      {
        number: 10042,
        customerName: "Maria Silva",
        shippingAddress: {
          recipientName: "Maria Silva",
          street: "Avenida Paulista",
          number: "1000",
          complement: "apto 5",
          neighborhood: "Bela Vista",
          city: "São Paulo",
          state: "SP",
          cep: "01310100",
        },
        items: [
          { productName: "Amostra Golden Teacher", quantity: 4, unitType: "gram", needsShipping: true },
          { productName: "Consultoria de cultivo", quantity: 1, unitType: "unit", needsShipping: false },
          { productName: "Curso online de cultivo", quantity: 1, unitType: "unit", needsShipping: false },
          { productName: "Kit de cultura líquida", quantity: 2, unitType: "unit", needsShipping: true },
        ],
      },
      sender,
    )
      .map((line) => line.text)
      .join("\n");
    expect(text).toContain("Pedido #10042");
    expect(text).toContain("Cogumelos da Serra Ltda");
    expect(text).toContain("CEP 04538-133");
    expect(text).toContain("Avenida Paulista, 1000 apto 5 — Bela Vista");
    expect(text).toContain("CEP 01310-100");
    expect(text).toContain("[  ] 4 g Amostra Golden Teacher");
    expect(text).toContain("[  ] 2 × Kit de cultura líquida");
    expect(text).not.toContain("Consultoria");
    expect(text).not.toContain("Curso");
  });
});
