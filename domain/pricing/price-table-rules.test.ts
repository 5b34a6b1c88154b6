import { describe, expect, it } from "vitest";
import {
  type GramPriceTable,
  gramsTotalCents,
  MAX_GRAMS,
  priceGrams,
  PRICE_TABLE_GRAMS,
  SPEC_PRICE_TABLE,
} from "#domain/pricing/gram-pricing.ts";
import { firstInversion, priceTableProblem } from "#domain/pricing/price-table-rules.ts";
import { formatBRL } from "#domain/pricing/money.ts";

/*
 * Issue 17 item 5 (decision 021): the owner may give a sample its own price table, and no table
 * the editor accepts may make a quantity cost more in total than a larger one.
 */

const table = (totals: number[]): GramPriceTable => PRICE_TABLE_GRAMS.map((grams, index) => ({ grams, totalCents: totals[index]! }));
const totalsOf = (t: GramPriceTable) => t.map((point) => point.totalCents);
const SPEC_TOTALS = totalsOf(SPEC_PRICE_TABLE);

/** Every even quantity's total, in order. */
function everyTotal(t: GramPriceTable): number[] {
  const totals: number[] = [];
  for (let grams = 2; grams <= MAX_GRAMS; grams += 2) totals.push(gramsTotalCents(grams, t));
  return totals;
}

describe("the spec's table (every sample's default)", () => {
  it("is accepted and prices every quantity exactly as without a table", () => {
    expect(priceTableProblem(SPEC_PRICE_TABLE)).toBeNull();
    for (let grams = 2; grams <= MAX_GRAMS; grams += 2) expect(gramsTotalCents(grams, SPEC_PRICE_TABLE)).toBe(gramsTotalCents(grams));
  });
});

describe("an owner's table", () => {
  it("prices its own totals at its quantities, interpolates 50–100 g, and charges the 100 g price per gram above", () => {
    const owner = table(SPEC_TOTALS.map((cents) => cents * 2));
    expect(gramsTotalCents(10, owner)).toBe(260_00);
    expect(gramsTotalCents(100, owner)).toBe(1800_00);
    expect(gramsTotalCents(76, owner)).toBe(2 * 708_00);
    expect(gramsTotalCents(200, owner)).toBe(3600_00);
    // The tiers apply to the table's own 2 g price (R$ 40,00 per gram here): 12 g at 35 % off.
    expect(gramsTotalCents(12, owner)).toBe(Math.round(12 * 4000 * 0.65));
    expect(priceGrams(10, { enabled: false }, owner)).toMatchObject({ baseTotalCents: 400_00, discountAmountCents: 140_00 });
  });

  it("keeps a quantity between two table quantities at or above the smaller one, so a steep table stays monotonic", () => {
    // The tier alone would price 12 g at R$ 156,00, below the owner's R$ 200,00 for 10 g.
    const steep = table([40_00, 72_00, 96_00, 120_00, 200_00, 220_00, 360_00, 440_00, 500_00, 900_00]);
    expect(priceTableProblem(steep)).toBeNull();
    expect(gramsTotalCents(12, steep)).toBe(200_00);
    expect(firstInversion(steep)).toBeNull();
  });

  it("of any accepted shape never charges a quantity more than a larger one", () => {
    // Many tables: random non-decreasing totals under the 2 g price per gram (a fixed seed, so the run repeats).
    let seed = 17;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    let accepted = 0;
    for (let run = 0; run < 300; run++) {
      const perGram = 500 + Math.floor(random() * 5000);
      let total = 2 * perGram;
      const totals = PRICE_TABLE_GRAMS.map((grams, index) => {
        if (index > 0) total = Math.min(grams * perGram, total + Math.floor(random() * grams * perGram * 0.4));
        return total;
      });
      const candidate = table(totals);
      if (priceTableProblem(candidate) !== null) continue;
      accepted++;
      const all = everyTotal(candidate);
      for (let index = 1; index < all.length; index++)
        expect(all[index], `tabela ${totals.join(",")}`).toBeGreaterThanOrEqual(all[index - 1]!);
    }
    expect(accepted).toBeGreaterThan(200);
  });
});

describe("the refusals, in Portuguese", () => {
  it("refuses a larger quantity priced below a smaller one", () => {
    const totals = [...SPEC_TOTALS];
    totals[5] = 120_00; // 20 g below 10 g's R$ 130,00
    expect(priceTableProblem(table(totals))).toBe(
      `20 g (${formatBRL(120_00)}) não pode custar menos que 10 g (${formatBRL(130_00)}): nenhuma quantidade pode custar mais que uma maior.`,
    );
  });

  it("refuses a quantity dearer than the same grams bought in 2 g sachets", () => {
    const totals = [...SPEC_TOTALS];
    totals[1] = 90_00; // 4 g above two sachets at R$ 40,00
    expect(priceTableProblem(table(totals))).toBe(
      `4 g (${formatBRL(90_00)}) não pode custar mais que 2 sachês de 2 g (${formatBRL(80_00)}).`,
    );
  });

  it("refuses a zero, fractional or missing price and other quantities than the spec's", () => {
    const zero = [...SPEC_TOTALS];
    zero[0] = 0;
    expect(priceTableProblem(table(zero))).toBe("Informe um preço maior que zero para 2 g.");
    const fraction = [...SPEC_TOTALS];
    fraction[2] = 96.5;
    expect(priceTableProblem(table(fraction))).toBe("Informe um preço maior que zero para 6 g.");
    expect(priceTableProblem(SPEC_PRICE_TABLE.slice(1))).toMatch(/^A tabela deve ter um preço para cada quantidade: 2, 4, 6/);
    expect(priceTableProblem(SPEC_PRICE_TABLE.map((point) => (point.grams === 30 ? { ...point, grams: 32 } : point)))).toMatch(
      /^A tabela deve ter um preço para cada quantidade/,
    );
  });
});
