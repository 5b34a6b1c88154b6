/**
 * Money as the owner types it: "89,90", "R$ 1.234,56", "89.9" → integer cents; null when it is not
 * a sum of money. And back, for the inputs ("89,90").
 */
export function parseReais(text: string): number | null {
  let value = text.replace(/R\$|\s|\u00a0/g, "");
  if (value === "") return null;
  // "1.234,56": dots group thousands, the comma is the decimal mark; "89.90" (no comma): a decimal point.
  if (value.includes(",")) value = value.replace(/\./g, "").replace(",", ".");
  if (!/^\d+(\.\d{1,2})?$/.test(value)) return null;
  return Math.round(Number(value) * 100);
}

export function reaisText(cents: number | null): string {
  if (cents === null) return "";
  return (cents / 100).toLocaleString("pt-BR", { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: false });
}

/** A whole number the owner typed (stock, days, grams), or null. */
export function parseWhole(text: string): number | null {
  const value = text.trim();
  return /^\d{1,9}$/.test(value) ? Number(value) : null;
}
