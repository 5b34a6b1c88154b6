import { describe, expect, it } from "vitest";
import { listAuditLog } from "#domain/audit/audit-log.server.ts";
import { parcelWeightGrams, PARCEL_BASE_GRAMS } from "#domain/shipping/parcel.ts";
import { shippingOptions } from "#domain/shipping/shipping-quote.server.ts";
import { readShippingTable, replaceShippingTable } from "#domain/shipping/shipping-table.server.ts";
import { makeCustomer } from "#test/builders.ts";
import { setUpTestDatabase } from "#test/database.ts";

// Shipping (decisions 005 and 021): the region's price for the CEP plus the parcel's weight band.
const t = setUpTestDatabase();
const PAULISTA = "01310100";

describe("a parcel's weight", () => {
  it("is nothing when nothing ships; else the box, 10 g per 2 g sachet and each unit by its category", () => {
    expect(parcelWeightGrams([{ category: "cursos", unitType: "unit", quantity: 1, needsShipping: false }])).toBe(0);
    expect(
      parcelWeightGrams([
        { category: "amostras", unitType: "gram", quantity: 10, needsShipping: true },
        { category: "culturas", unitType: "unit", quantity: 2, needsShipping: true },
        { category: "spawn", unitType: "unit", quantity: 1, needsShipping: true },
        { category: "outros", unitType: "unit", quantity: 1, needsShipping: true },
        { category: "cursos", unitType: "unit", quantity: 3, needsShipping: false },
      ]),
    ).toBe(PARCEL_BASE_GRAMS + 50 + 300 + 1100 + 100);
  });
});

describe("a quote", () => {
  it("prices each method of the CEP's region with the surcharge of the parcel's weight band, cheapest first", async () => {
    const table = await readShippingTable(t.db);
    const region = table.regions.find((candidate) => candidate.cepFrom <= PAULISTA && PAULISTA <= candidate.cepTo)!;
    // A parcel in the first band that costs more than the region's price.
    const weight = table.weightBands.pac.find((band) => band.surchargeCents > 0)!.maxWeightGrams;
    const quotes = await shippingOptions(t.db, PAULISTA, weight);
    expect(quotes.map((quote) => quote.method).sort()).toEqual(["pac", "sedex"]);
    expect(quotes.map((quote) => quote.priceCents)).toEqual([...quotes.map((quote) => quote.priceCents)].sort((a, b) => a - b));
    for (const quote of quotes) {
      const band = table.weightBands[quote.method].find((candidate) => candidate.maxWeightGrams >= weight)!;
      expect(quote).toMatchObject({
        region: region.region,
        priceCents: region[quote.method]!.priceCents + band.surchargeCents,
        deliveryDays: region[quote.method]!.deliveryDays + band.extraDays,
      });
    }
  });

  it("has no option for a CEP in no region, nor for a parcel heavier than the last band", async () => {
    const table = await readShippingTable(t.db);
    const heaviest = Math.max(
      ...table.weightBands.pac.map((band) => band.maxWeightGrams),
      ...table.weightBands.sedex.map((band) => band.maxWeightGrams),
    );
    expect(await shippingOptions(t.db, PAULISTA, heaviest + 1)).toEqual([]);
    const sorted = [...table.regions].sort((a, b) => a.cepFrom.localeCompare(b.cepFrom));
    if (sorted[0]!.cepFrom > "00000000") expect(await shippingOptions(t.db, "00000000", PARCEL_BASE_GRAMS)).toEqual([]);
  });
});

describe("the owner's shipping table", () => {
  it("a new price is in the very next quote, and the audit keeps only the rows that changed", async () => {
    const admin = await makeCustomer(t.db, "Admin");
    const table = await readShippingTable(t.db);
    const index = table.regions.findIndex((candidate) => candidate.cepFrom <= PAULISTA && PAULISTA <= candidate.cepTo);
    const old = table.regions[index]!.pac!;
    const edited = structuredClone(table);
    edited.regions[index]!.pac = { ...old, priceCents: old.priceCents + 1_000 };
    const before = (await shippingOptions(t.db, PAULISTA, PARCEL_BASE_GRAMS)).find((quote) => quote.method === "pac")!;

    await replaceShippingTable(t.db, edited, admin.id);
    const after = (await shippingOptions(t.db, PAULISTA, PARCEL_BASE_GRAMS)).find((quote) => quote.method === "pac")!;
    expect(after.priceCents).toBe(before.priceCents + 1_000);

    // Saving the same table again changes nothing and writes no entry.
    await replaceShippingTable(t.db, edited, admin.id);
    const { entries } = await listAuditLog(t.db, { entityType: "shipping_rate", page: 1 });
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actorEmail: admin.email,
      before: { rates: [expect.objectContaining({ method: "pac", priceCents: old.priceCents })], weightBands: [] },
      after: { rates: [expect.objectContaining({ method: "pac", priceCents: old.priceCents + 1_000 })], weightBands: [] },
    });
  });
});
