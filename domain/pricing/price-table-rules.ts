/**
 * What makes a sample's price table acceptable (decision 021), browser-safe: the editor shows the
 * same Portuguese messages as it types that the API answers. The promise to customers is the one
 * of docs/requirements.md: no quantity costs more in total than a larger one, and buying more never costs
 * more per gram than the 2 g sachet.
 */
import {
  baseGramPriceCents,
  type GramPriceTable,
  gramsTotalCents,
  MAX_GRAMS,
  MIN_GRAMS,
  PRICE_TABLE_GRAMS,
  SACHET_GRAMS,
} from "#domain/pricing/gram-pricing.ts";
import { formatBRL } from "#domain/pricing/money.ts";

/** A total above this is a typo (R$ 100.000,00 for one quantity). */
export const MAX_TABLE_TOTAL_CENTS = 100_000_00;

/** Why `table` cannot be a sample's price table, in Portuguese, or null when it can. */
export function priceTableProblem(table: GramPriceTable): string | null {
  if (table.length !== PRICE_TABLE_GRAMS.length || table.some((point, index) => point.grams !== PRICE_TABLE_GRAMS[index])) {
    return `A tabela deve ter um preço para cada quantidade: ${PRICE_TABLE_GRAMS.join(", ")} g.`;
  }
  for (const point of table) {
    if (!Number.isInteger(point.totalCents) || point.totalCents <= 0) return `Informe um preço maior que zero para ${point.grams} g.`;
    if (point.totalCents > MAX_TABLE_TOTAL_CENTS)
      return `O preço de ${point.grams} g passa do máximo de ${formatBRL(MAX_TABLE_TOTAL_CENTS)}.`;
  }
  for (let index = 1; index < table.length; index++) {
    const smaller = table[index - 1]!;
    const larger = table[index]!;
    if (larger.totalCents < smaller.totalCents) {
      return `${larger.grams} g (${formatBRL(larger.totalCents)}) não pode custar menos que ${smaller.grams} g (${formatBRL(smaller.totalCents)}): nenhuma quantidade pode custar mais que uma maior.`;
    }
  }
  const perGram = baseGramPriceCents(table);
  for (const point of table.slice(1)) {
    const inSachets = Math.round(point.grams * perGram);
    if (point.totalCents > inSachets) {
      return `${point.grams} g (${formatBRL(point.totalCents)}) não pode custar mais que ${point.grams / SACHET_GRAMS} sachês de 2 g (${formatBRL(inSachets)}).`;
    }
  }
  // The rules above make every quantity monotonic (gram-pricing.ts clamps between table points);
  // checked here over every sellable quantity all the same, so no change there can break the promise.
  const inversion = firstInversion(table);
  if (inversion) {
    return `Com esta tabela, ${inversion.smaller} g custariam ${formatBRL(inversion.smallerCents)}, mais que ${inversion.larger} g (${formatBRL(inversion.largerCents)}).`;
  }
  return null;
}

/** The first sellable quantity that would cost more than the next one, if any. */
export function firstInversion(
  table: GramPriceTable,
): { smaller: number; smallerCents: number; larger: number; largerCents: number } | null {
  let previous = { grams: MIN_GRAMS, cents: gramsTotalCents(MIN_GRAMS, table) };
  for (let grams = MIN_GRAMS + SACHET_GRAMS; grams <= MAX_GRAMS; grams += SACHET_GRAMS) {
    const cents = gramsTotalCents(grams, table);
    if (cents < previous.cents) return { smaller: previous.grams, smallerCents: previous.cents, larger: grams, largerCents: cents };
    previous = { grams, cents };
  }
  return null;
}
