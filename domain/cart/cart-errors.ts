/** The cart's refusals, one definition each (browser-safe: the cart's contract names the first for malformed ids). */
import { DomainError } from "#domain/errors.ts";
import { ITEM_NOT_FOUND_MESSAGE } from "#domain/cart/cart-rules.ts";

export const itemNotFound = () => new DomainError("not_found", "item_not_found", ITEM_NOT_FOUND_MESSAGE);
export const cartNotFound = () => new DomainError("not_found", "cart_not_found", "Carrinho não encontrado.");
export const sessionRequired = () =>
  new DomainError(
    "invalid",
    "cart_session_required",
    "Envie o identificador do carrinho (cabeçalho cart-session-id) ou entre na sua conta.",
  );
/** A cart-session-id that is not a UUID: refused, never looked up (a well-formed one is only compared). */
export const invalidCartSession = () =>
  new DomainError("invalid", "invalid_cart_session", "O identificador do carrinho (cart-session-id) deve ser um UUID.");
