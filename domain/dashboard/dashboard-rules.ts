/**
 * The dashboard's rules (issue 17 item 1), browser-safe: which day a moment belongs to, how many
 * days each figure covers, and when a product's stock is low.
 */

/**
 * The shop's days are São Paulo's (the owner's and the customers' calendar): "today" starts at
 * 00:00 there, whatever the server's zone. Brazil has kept no daylight saving since 2019, but the
 * zone's name, not a fixed offset, is what PostgreSQL and Intl are given.
 */
export const SHOP_TIME_ZONE = "America/Sao_Paulo";

/** The periods of the revenue figures, in São Paulo days counted back from today (today included). */
export const REVENUE_PERIOD_DAYS = { today: 1, last7Days: 7, last30Days: 30 } as const;
/** The chart's days: the longest period. */
export const CHART_DAYS = REVENUE_PERIOD_DAYS.last30Days;

/** Low stock, at or below: the catalogue's alert level, which also tells the owner's phone (issue 31). */
export { LOW_STOCK_THRESHOLD } from "#domain/catalog/stock-alert.ts";

/** How many entries of each list the dashboard shows (the rest are a link away). */
export const DASHBOARD_LIST_LIMIT = 10;
/** The audit log's newest entries on the dashboard. */
export const DASHBOARD_AUDIT_ENTRIES = 5;

const dayFormat = new Intl.DateTimeFormat("en-CA", { timeZone: SHOP_TIME_ZONE, year: "numeric", month: "2-digit", day: "2-digit" });
/** "2026-03-10": the São Paulo date of a moment. */
export function shopDate(moment: Date): string {
  return dayFormat.format(moment);
}
