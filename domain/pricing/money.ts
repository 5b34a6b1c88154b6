/** BRL for people: integer cents → "R$ 1.234,56" (docs/requirements.md: Intl, pt-BR). */
const brl = new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" });

export function formatBRL(cents: number): string {
  return brl.format(cents / 100);
}
