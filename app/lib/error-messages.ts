/**
 * What a person reads for an API error (issue 20 item 4, decision 033). The API's `message` is
 * Portuguese, except where the spec fixes an English one (§5/§8: "Minimum quantity is 2", "Item not
 * found"), which the API keeps for its clients; a shopper never reads those: the page shows the
 * Portuguese here, chosen by the error's `code`. fetchJson (every API call of the browser) and the
 * pages' refusals (domain-errors.server.ts) both go through messageForPeople.
 *
 * app/lib/error-messages.test.ts walks every code the server can answer and checks what a person
 * reads for it: Portuguese, no code names, no raw order statuses.
 */

/**
 * Codes whose API message is not for people, and what people read instead: the spec's English ones,
 * and those that name a header for the API's developers.
 */
const FOR_PEOPLE: Readonly<Record<string, string>> = {
  minimum_quantity: "A quantidade mínima é de 2 g.",
  item_not_found: "Este item não está mais no seu carrinho.",
  cart_session_required: "Não encontramos o seu carrinho. Recarregue a página e tente de novo.",
  invalid_cart_session: "Não encontramos o seu carrinho. Recarregue a página e tente de novo.",
};

/**
 * "Dados inválidos. address.cpf: CPF inválido." → "Dados inválidos. CPF inválido.": the API names
 * the fields for developers; the message after each name is already the person's.
 */
function withoutFieldPaths(message: string): string {
  return message.replace(/(^Dados inválidos\. |; )[\w.[\]]+: /g, "$1");
}

/**
 * The Portuguese a person reads for an error answer with this code and message; "" when the answer
 * brought none and there is no fallback (each screen then says it its own way, spec §8's logout included).
 */
export function messageForPeople(code: string, apiMessage: string, fallback?: string): string {
  const mapped = FOR_PEOPLE[code];
  if (mapped) return mapped;
  if (code === "validation_error") return withoutFieldPaths(apiMessage);
  return apiMessage || fallback || "";
}
