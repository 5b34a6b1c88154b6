/**
 * The ONE presenter of an amount's lines (issue 28 item 7): products, packaging, freight, each
 * discount (coupon, credit), total to pay, in that order, with their pt-BR labels and R$ text. The
 * cart, every checkout step, the order pages (customer and admin) and the order e-mails all render
 * what this returns, so a customer never sees the same money told two ways. Pure and browser-safe:
 * it formats amounts the server computed, it never prices anything itself.
 */
import { formatBRL } from "#domain/pricing/money.ts";

/** Where the freight stands: nothing to ship, not chosen yet (with what to do), or priced. */
export type FreightAmount =
  | { kind: "not_needed" }
  | { kind: "to_choose"; hint: string }
  /** `method`: "PAC" or "SEDEX" as the customer chose it; null when unknown. */
  | { kind: "priced"; cents: number; method: string | null };

export type MoneyAmounts = {
  /** The products before packaging (what the lines cost). */
  productsCents: number;
  packagingCents: number;
  freight: FreightAmount;
  /** The coupon first, then credit, as the server priced them; positive amounts taken off. */
  discounts: ReadonlyArray<{ kind: "coupon" | "credit"; label: string; amountCents: number }>;
  /** The server's total when it has one (an order's); otherwise the sum of the parts. */
  totalCents?: number;
};

export type MoneyLineKind = "products" | "packaging" | "freight" | "coupon" | "credit" | "total";

/** One line as every screen and e-mail shows it: `label` then `text` ("R$ 10,00", "−R$ 5,00", "Calcule pelo CEP"). */
export type MoneyLine = { kind: MoneyLineKind; label: string; text: string; amountCents: number | null };

export const MONEY_LABELS = {
  products: "Produtos",
  packaging: "Embalagens",
  freight: "Frete",
  notShipped: "Sem entrega física",
  total: "Total a pagar",
} as const;

const freightCents = (freight: FreightAmount) => (freight.kind === "priced" ? freight.cents : 0);

export function moneyLines(amounts: MoneyAmounts): MoneyLine[] {
  const lines: MoneyLine[] = [
    { kind: "products", label: MONEY_LABELS.products, text: formatBRL(amounts.productsCents), amountCents: amounts.productsCents },
  ];
  // Packaging is a choice on gram lines: a line of R$ 0,00 would only ask a question nobody had.
  if (amounts.packagingCents > 0)
    lines.push({
      kind: "packaging",
      label: MONEY_LABELS.packaging,
      text: formatBRL(amounts.packagingCents),
      amountCents: amounts.packagingCents,
    });
  const { freight } = amounts;
  if (freight.kind === "priced") {
    const label = freight.method ? `${MONEY_LABELS.freight} (${freight.method})` : MONEY_LABELS.freight;
    lines.push({ kind: "freight", label, text: formatBRL(freight.cents), amountCents: freight.cents });
  } else {
    const text = freight.kind === "not_needed" ? MONEY_LABELS.notShipped : freight.hint;
    lines.push({ kind: "freight", label: MONEY_LABELS.freight, text, amountCents: null });
  }
  let discountCents = 0;
  for (const discount of amounts.discounts) {
    if (discount.amountCents <= 0) continue;
    discountCents += discount.amountCents;
    lines.push({
      kind: discount.kind,
      label: discount.label,
      text: `−${formatBRL(discount.amountCents)}`,
      amountCents: discount.amountCents,
    });
  }
  const total = amounts.totalCents ?? amounts.productsCents + amounts.packagingCents + freightCents(freight) - discountCents;
  lines.push({ kind: "total", label: MONEY_LABELS.total, text: formatBRL(total), amountCents: total });
  return lines;
}

/** The lines as plain text, one "Label: R$ 0,00" a line (e-mails' text part, logs a person reads). */
export function moneyLinesText(lines: readonly MoneyLine[]): string[] {
  return lines.map((line) => `${line.label}: ${line.text}`);
}
