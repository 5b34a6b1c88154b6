import { and, asc, eq, gte, lt, lte, sql } from "drizzle-orm";
import type { Config } from "#platform/config.ts";
import type { Database } from "#platform/db/client.ts";
import type { Logger } from "#platform/logger.ts";
import { shippingQuoteCache, shippingRates, shippingWeightBands } from "#platform/db/tables/shipping.ts";
import { melhorEnvioAccess } from "#domain/shipping/melhor-envio-access.server.ts";
import { MELHOR_ENVIO_SERVICES, melhorEnvioQuote } from "#domain/shipping/melhor-envio-quotes.server.ts";
import type { Parcel } from "#domain/shipping/parcel.ts";
import {
  melhorEnvioServiceId,
  SHIPPING_METHOD_LABELS,
  SHIPPING_METHODS,
  type ShippingChoice,
  type ShippingMethod,
} from "#domain/shipping/shipping-methods.ts";
import type { ShippingQuote, ShippingQuoteOption } from "#domain/shipping/shipping-quote-schema.ts";
import { shippingOriginCep } from "#domain/shipping/shipping-origin.server.ts";

/**
 * Shipping quotes (docs/requirements.md checkout step 3). With SHIPPING_PROVIDER=table (the default):
 * the CEP's region price from `shipping_rates` plus the surcharge of the cart's weight band from
 * `shipping_weight_bands` (decision 005). With melhorenvio: Melhor Envio's live options for the
 * parcel, kept a few minutes in `shipping_quote_cache`, and the table whenever Melhor Envio cannot
 * answer in time (decision 073).
 */

/** One way to ship (PAC or SEDEX) to a CEP: its price and days, and the table region that priced it. */
export type ShippingOption = { method: ShippingMethod; label: string; priceCents: number; deliveryDays: number; region: string };

type Executor = Pick<Database, "select" | "insert" | "delete">;

/** The table's options for this CEP and weight, cheapest first, each with its region; callers use quoteShipping. */
export async function shippingOptions(db: Executor, cep: string, weightGrams: number): Promise<ShippingOption[]> {
  const rates = await db
    .select()
    .from(shippingRates)
    .where(and(lte(shippingRates.cepFrom, cep), gte(shippingRates.cepTo, cep)))
    .orderBy(asc(shippingRates.priceCents));
  const quotes: ShippingOption[] = [];
  for (const rate of rates) {
    if (!(SHIPPING_METHODS as readonly string[]).includes(rate.method)) continue;
    const method = rate.method as ShippingMethod;
    const [band] = await db
      .select()
      .from(shippingWeightBands)
      .where(and(eq(shippingWeightBands.method, method), gte(shippingWeightBands.maxWeightGrams, Math.max(1, weightGrams))))
      .orderBy(asc(shippingWeightBands.maxWeightGrams))
      .limit(1);
    if (!band) continue;
    quotes.push({
      method,
      label: rate.label || SHIPPING_METHOD_LABELS[method],
      priceCents: rate.priceCents + band.surchargeCents,
      deliveryDays: rate.deliveryDays + band.extraDays,
      region: rate.region,
    });
  }
  return quotes.sort((a, b) => a.priceCents - b.priceCents);
}

/**
 * What a quote reads: the configuration (provider, Melhor Envio), the database, and where to log a
 * fallback. `executor`: the caller's transaction, when it quotes inside one: the table's rows and the
 * quote cache are read on its connection, so a checkout never waits for a second one from the pool.
 */
export type QuoteServices = { config: Config; db: Database; logger: Pick<Logger, "warn">; executor?: Executor };

/** A live quote is kept this long: the cart, the checkout and the order see the same price meanwhile. */
export const LIVE_QUOTE_TTL_MS = 10 * 60_000;
/** The table's answer given in Melhor Envio's place is kept this long, so a slow provider delays one shopper, not each page. */
export const FALLBACK_QUOTE_TTL_MS = 60_000;

/**
 * The one shipping quote (decision 046; provider-aware since 073): the cart's estimate, the checkout's
 * options, the checkout page's first paint, the cart's choice and the order's price. A CEP (8 digits)
 * and the parcel, weight 0 when nothing ships. A CEP no option serves gets none; whether that is a
 * refusal is the caller's to say. Never throws for the provider: the table answers in its place.
 */
export async function quoteShipping(services: QuoteServices, cep: string, parcel: Parcel): Promise<ShippingQuote> {
  if (parcel.weightGrams <= 0) return { cep, needsShipping: false, region: null, source: "table", options: [] };
  const live = services.config.SHIPPING_PROVIDER === "melhorenvio" ? await liveQuote(services, cep, parcel) : null;
  if (live) return live;
  return tableQuote(rowsOf(services), cep, parcel.weightGrams);
}

/**
 * The option a customer chose, priced now (never the client's price); null when no quote offers it.
 * A table method a live quote does not list is still priced by the table: it is the owner's own
 * price, and the shopper may have seen it while Melhor Envio was away.
 */
export async function chosenShippingOption(
  services: QuoteServices,
  cep: string,
  parcel: Parcel,
  method: ShippingChoice,
): Promise<ShippingQuoteOption | null> {
  const quote = await quoteShipping(services, cep, parcel);
  const option = quote.options.find((candidate) => candidate.method === method);
  if (option || quote.source === "table" || melhorEnvioServiceId(method) !== null) return option ?? null;
  return (await tableQuote(rowsOf(services), cep, parcel.weightGrams)).options.find((candidate) => candidate.method === method) ?? null;
}

async function tableQuote(db: Executor, cep: string, weightGrams: number): Promise<ShippingQuote> {
  const options = await shippingOptions(db, cep, weightGrams);
  return {
    cep,
    needsShipping: true,
    region: options[0]?.region ?? null,
    source: "table",
    options: options.map(({ method, label, priceCents, deliveryDays }) => ({ method, label, priceCents, deliveryDays })),
  };
}

/**
 * Melhor Envio's options from the cache or the provider; the table's answer (cached briefly, and
 * logged) when the provider is slow, down or offers nothing; null when the shop cannot ask it yet
 * (no token, or no sender CEP in the shop's profile: the settings' "Pronta para enviar?" says so).
 */
async function liveQuote(services: QuoteServices, cep: string, parcel: Parcel): Promise<ShippingQuote | null> {
  const fromCep = await shippingOriginCep(services);
  if (!fromCep) return null;
  const key = [
    "melhorenvio",
    fromCep,
    cep,
    parcel.weightGrams,
    parcel.lengthCm,
    parcel.widthCm,
    parcel.heightCm,
    MELHOR_ENVIO_SERVICES,
  ].join(":");
  const rows = rowsOf(services);
  const [cached] = await rows
    .select()
    .from(shippingQuoteCache)
    .where(and(eq(shippingQuoteCache.key, key), gte(shippingQuoteCache.expiresAt, sql`now()`)));
  if (cached) return cached.source === "melhorenvio" ? liveAnswer(cep, cached.options) : tableQuote(rows, cep, parcel.weightGrams);

  // Only a miss reads the connection (a row of its own): a hit inside a checkout's transaction
  // touches no other connection than the transaction's.
  const access = await melhorEnvioAccess(services);
  if (!access) return null;
  try {
    const options = await melhorEnvioQuote(access, { fromCep, toCep: cep, parcel, timeoutMs: services.config.MELHOR_ENVIO_TIMEOUT_MS });
    if (options.length === 0) throw new Error("Melhor Envio offers no service for this parcel and CEP");
    await remember(rows, key, "melhorenvio", options, LIVE_QUOTE_TTL_MS);
    return liveAnswer(cep, options);
  } catch (error) {
    services.logger.warn({ err: error, cep }, "Melhor Envio did not quote; the shipping table answered");
    await remember(rows, key, "table", [], FALLBACK_QUOTE_TTL_MS);
    return tableQuote(rows, cep, parcel.weightGrams);
  }
}

const rowsOf = (services: QuoteServices): Executor => services.executor ?? services.db;

const liveAnswer = (cep: string, options: ShippingQuoteOption[]): ShippingQuote => ({
  cep,
  needsShipping: true,
  region: null,
  source: "melhorenvio",
  options,
});

/** Keeps an answer for `ttlMs` (the table's is kept as a marker only: it is read fresh from its rows). */
async function remember(db: Executor, key: string, source: "melhorenvio" | "table", options: ShippingQuoteOption[], ttlMs: number) {
  const expiresAt = sql`now() + ${`${ttlMs} milliseconds`}::interval`;
  await db
    .insert(shippingQuoteCache)
    .values({ key, source, options, expiresAt })
    .onConflictDoUpdate({ target: shippingQuoteCache.key, set: { source, options, expiresAt } });
  // Old answers go as new ones come: at most one delete per cache miss, on an indexed column.
  await db.delete(shippingQuoteCache).where(lt(shippingQuoteCache.expiresAt, sql`now() - interval '1 minute'`));
}
