import { DomainError } from "#domain/errors.ts";

/** The unsubscribe link's signature does not match: a cut or altered link. */
export const invalidUnsubscribeLink = () =>
  new DomainError("invalid", "invalid_unsubscribe_link", "Link de descadastro inválido. Use o link completo do e-mail.");
