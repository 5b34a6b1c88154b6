/**
 * A product's stock alert (issue 17's dashboard list, issue 31's push): the level at or below which
 * the owner should prepare more. Browser-safe: the dashboard shows the level beside each product.
 */
/**
 * Low stock, at or below: 5 units of a kit (a week of ordinary sales, time to prepare more), and
 * 100 g of a dried sample (the largest pack of the price table: below it, one large order empties
 * it). Products without a stock count (made to order, services, courses) never alert.
 */
export const LOW_STOCK_THRESHOLD = { unit: 5, gram: 100 } as const;

export type StockAlertFacts = {
  numericId: number;
  name: string;
  unitType: "unit" | "gram";
  madeToOrder: boolean;
  /** The count before the change (null: it had none). */
  before: number | null;
  /** The count after it (null: it has none now). */
  after: number | null;
};

/**
 * True when this change brings the stock to its alert level: from above it (or from no count) to at
 * or below it. The sales that follow, already under the level, say nothing more: the owner was told
 * once, and the dashboard lists the product until it is restocked above the level.
 */
export function reachesStockAlert(facts: StockAlertFacts): boolean {
  if (facts.madeToOrder || facts.after === null) return false;
  const level = LOW_STOCK_THRESHOLD[facts.unitType];
  return facts.after <= level && (facts.before === null || facts.before > level);
}
