import { describe, expect, it } from "vitest";
import { formatBRL } from "#domain/pricing/money.ts";
import { moneyLines, moneyLinesText } from "#domain/pricing/money-lines.ts";

const pairs = (lines: ReturnType<typeof moneyLines>) => lines.map((line) => [line.label, line.text]);

describe("moneyLines (the one presenter of an amount's lines)", () => {
  it("says products, packaging, freight, each discount and the total to pay, in that order, in R$", () => {
    const lines = moneyLines({
      productsCents: 500_00,
      packagingCents: 25_00,
      freight: { kind: "priced", cents: 29_90, method: "SEDEX" },
      discounts: [
        { kind: "coupon", label: "Cupom BEMVINDO (10%)", amountCents: 50_00 },
        { kind: "credit", label: "Crédito de indicação", amountCents: 10_00 },
      ],
    });
    expect(pairs(lines)).toEqual([
      ["Produtos", formatBRL(500_00)],
      ["Embalagens", formatBRL(25_00)],
      ["Frete (SEDEX)", formatBRL(29_90)],
      ["Cupom BEMVINDO (10%)", `−${formatBRL(50_00)}`],
      ["Crédito de indicação", `−${formatBRL(10_00)}`],
      ["Total a pagar", formatBRL(494_90)],
    ]);
    expect(moneyLinesText(lines)[0]).toBe(`Produtos: ${formatBRL(500_00)}`);
  });

  it("leaves out a packaging of R$ 0,00 and a discount of nothing; says why there is no freight amount", () => {
    const digital = moneyLines({ productsCents: 297_00, packagingCents: 0, freight: { kind: "not_needed" }, discounts: [] });
    expect(pairs(digital)).toEqual([
      ["Produtos", formatBRL(297_00)],
      ["Frete", "Sem entrega física"],
      ["Total a pagar", formatBRL(297_00)],
    ]);
    const unquoted = moneyLines({
      productsCents: 40_00,
      packagingCents: 0,
      freight: { kind: "to_choose", hint: "Calcule pelo CEP" },
      discounts: [{ kind: "credit", label: "Crédito de indicação", amountCents: 0 }],
    });
    expect(pairs(unquoted)).toEqual([
      ["Produtos", formatBRL(40_00)],
      ["Frete", "Calcule pelo CEP"],
      ["Total a pagar", formatBRL(40_00)],
    ]);
  });

  it("shows the server's total when it has one, never a sum of its own", () => {
    const lines = moneyLines({ productsCents: 10_00, packagingCents: 0, freight: { kind: "not_needed" }, discounts: [], totalCents: 9_99 });
    expect(lines.at(-1)).toMatchObject({ kind: "total", amountCents: 9_99 });
  });
});
