import { describe, expect, it } from "vitest";
import { deliveryEstimate, storedCep } from "#app/features/catalog/delivery-estimate.ts";

describe("deliveryEstimate", () => {
  it("adds the made-to-order lead time to the shipping days of the known CEP", () => {
    expect(
      deliveryEstimate({ needsShipping: true, leadTimeBusinessDays: 15, shipping: { cep: "01310100", minDays: 2, maxDays: 8 } }),
    ).toEqual({
      short: "CEP 01310-100: de 17 a 23 dias úteis (15 de produção + 2 a 8 de envio)",
      shipping: "Entrega no CEP 01310-100: de 17 a 23 dias úteis (15 de produção + 2 a 8 de envio), contados da confirmação do pagamento.",
    });
  });

  it("gives the shipping days alone for items in stock, and one number when the options agree", () => {
    expect(
      deliveryEstimate({ needsShipping: true, leadTimeBusinessDays: null, shipping: { cep: "69900000", minDays: 5, maxDays: 5 } }),
    ).toEqual({
      short: "CEP 69900-000: até 5 dias úteis",
      shipping: "Entrega no CEP 69900-000: até 5 dias úteis, contados da confirmação do pagamento.",
    });
    expect(
      deliveryEstimate({ needsShipping: true, leadTimeBusinessDays: null, shipping: { cep: "01310100", minDays: 1, maxDays: 1 } }).short,
    ).toBe("CEP 01310-100: até 1 dia útil");
  });

  it("without a CEP says where the shipping days come from, keeping the lead time", () => {
    expect(deliveryEstimate({ needsShipping: true, leadTimeBusinessDays: 15, shipping: null })).toEqual({
      short: "Sob encomenda: 15 dias úteis de produção + envio",
      shipping: "O prazo de entrega aparece no carrinho, assim que você informar o CEP.",
    });
    expect(deliveryEstimate({ needsShipping: true, leadTimeBusinessDays: null, shipping: null }).short).toBe(
      "Prazo de entrega pelo CEP, no carrinho",
    );
  });

  it("services and courses have no shipping at all", () => {
    expect(
      deliveryEstimate({ needsShipping: false, leadTimeBusinessDays: null, shipping: { cep: "01310100", minDays: 2, maxDays: 8 } }),
    ).toEqual({
      short: "Sem frete: instruções por e-mail",
      shipping: null,
    });
  });

  it("reads only the 8 digits the cart stores", () => {
    expect(storedCep("01310100")).toBe("01310100");
    for (const value of [null, "", "01310-100", "0131010", "00000000", "abcdefgh"]) expect(storedCep(value)).toBeNull();
  });
});
