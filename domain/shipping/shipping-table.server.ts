/**
 * Reading and replacing the shipping table (issue 17 item 7, decision 021). A quote reads the
 * tables on every call (shipping-quote.server.ts), so a change is in the next quote on every
 * instance. The replacement and its audit entry (the rows that went and the rows that came, the
 * unchanged ones left out) commit together.
 */
import { asc } from "drizzle-orm";
import type { Database } from "#platform/db/client.ts";
import { shippingRates, shippingWeightBands } from "#platform/db/tables/shipping.ts";
import { recordAudit } from "#domain/audit/audit-log.server.ts";
import { SHIPPING_METHOD_LABELS, SHIPPING_METHODS, type ShippingMethod } from "#domain/shipping/shipping-methods.ts";
import type { ShippingTable, ShippingTableView } from "#domain/shipping/shipping-table-schemas.ts";

type Executor = Pick<Database, "select">;

export async function readShippingTable(db: Executor): Promise<ShippingTableView> {
  const rates = await db.select().from(shippingRates).orderBy(asc(shippingRates.cepFrom), asc(shippingRates.method));
  const bands = await db.select().from(shippingWeightBands).orderBy(asc(shippingWeightBands.maxWeightGrams));
  const regions = new Map<string, ShippingTableView["regions"][number]>();
  for (const rate of rates) {
    if (!(SHIPPING_METHODS as readonly string[]).includes(rate.method)) continue;
    const key = `${rate.cepFrom}-${rate.cepTo}`;
    let region = regions.get(key);
    if (!region) regions.set(key, (region = { region: rate.region, cepFrom: rate.cepFrom, cepTo: rate.cepTo, pac: null, sedex: null }));
    region[rate.method as ShippingMethod] = { priceCents: rate.priceCents, deliveryDays: rate.deliveryDays };
  }
  const bandsOf = (method: ShippingMethod) =>
    bands
      .filter((band) => band.method === method)
      .map((band) => ({ maxWeightGrams: band.maxWeightGrams, surchargeCents: band.surchargeCents, extraDays: band.extraDays }));
  return { regions: [...regions.values()], weightBands: { pac: bandsOf("pac"), sedex: bandsOf("sedex") } };
}

type RateRow = { region: string; cepFrom: string; cepTo: string; method: ShippingMethod; priceCents: number; deliveryDays: number };
type BandRow = { method: ShippingMethod; maxWeightGrams: number; surchargeCents: number; extraDays: number };

function rowsOf(table: ShippingTable | ShippingTableView): { rates: RateRow[]; bands: BandRow[] } {
  const rates = table.regions.flatMap((region) =>
    SHIPPING_METHODS.flatMap((method) => {
      const rate = region[method];
      return rate
        ? [
            {
              region: region.region,
              cepFrom: region.cepFrom,
              cepTo: region.cepTo,
              method,
              priceCents: rate.priceCents,
              deliveryDays: rate.deliveryDays,
            },
          ]
        : [];
    }),
  );
  const bands = SHIPPING_METHODS.flatMap((method) => table.weightBands[method].map((band) => ({ method, ...band })));
  return { rates, bands };
}

/** The rows of `a` that `b` does not have, compared whole. */
function missingFrom<T>(a: T[], b: T[]): T[] {
  const keys = new Set(b.map((row) => JSON.stringify(row)));
  return a.filter((row) => !keys.has(JSON.stringify(row)));
}

/** Replaces the whole table (validated by shippingTableSchema); answers it as stored. */
export async function replaceShippingTable(db: Database, table: ShippingTable, actorUserId: string): Promise<ShippingTableView> {
  return db.transaction(async (tx) => {
    // One editor at a time: a second replacement waits for this one and then reads its result.
    await tx.execute("lock table shipping_rates, shipping_weight_bands in share row exclusive mode");
    const before = rowsOf(await readShippingTable(tx));
    const after = rowsOf(table);
    const removed = { rates: missingFrom(before.rates, after.rates), bands: missingFrom(before.bands, after.bands) };
    const added = { rates: missingFrom(after.rates, before.rates), bands: missingFrom(after.bands, before.bands) };
    if (removed.rates.length + removed.bands.length + added.rates.length + added.bands.length === 0) return readShippingTable(tx);

    await tx.delete(shippingRates);
    await tx.delete(shippingWeightBands);
    await tx.insert(shippingRates).values(after.rates.map((rate) => ({ ...rate, label: SHIPPING_METHOD_LABELS[rate.method] })));
    await tx.insert(shippingWeightBands).values(after.bands);
    await recordAudit(tx, {
      actorUserId,
      action: "shipping_rate.update",
      entityType: "shipping_rate",
      entityId: "tabela",
      before: { rates: removed.rates, weightBands: removed.bands },
      after: { rates: added.rates, weightBands: added.bands },
    });
    return readShippingTable(tx);
  });
}
