/**
 * What a card statement shows for the shop (Mercado Pago's `statement_descriptor`, decision 087):
 * the shop's name the owner saved, as acquirers take it after their own prefix: letters and digits
 * only, no accents, capitals, at most 13 characters (Cielo's and Rede's soft-descriptor limit, the
 * tightest of Brazil's acquirers). "Loja Micologia" gives "LOJAMICOLOGIA".
 */
export const STATEMENT_DESCRIPTOR_MAX = 13;

export function statementDescriptorOf(shopName: string): string {
  const letters = shopName
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, "");
  // A name of symbols alone still says something a customer recognises.
  return (letters || "LOJA").slice(0, STATEMENT_DESCRIPTOR_MAX);
}
