/**
 * What a domain rule throws when it refuses: a kind (which the edge turns into an HTTP status,
 * server/http/errors.ts, or a page, app/lib/domain-errors.server.ts), a stable code the browser may
 * branch on, and the Portuguese message a customer reads. The domain knows no HTTP.
 */
export type DomainErrorKind = "not_found" | "invalid" | "conflict" | "unprocessable" | "unauthorized" | "forbidden";

export class DomainError extends Error {
  readonly kind: DomainErrorKind;
  readonly code: string;
  constructor(kind: DomainErrorKind, code: string, message: string) {
    super(message);
    this.name = "DomainError";
    this.kind = kind;
    this.code = code;
  }
}

/**
 * A missing order, another customer's (never told apart, so an id reveals nothing) or a malformed id
 * (the contracts' `uuidParam`): the one definition of "Pedido não encontrado.". It lives here, not in
 * domain/orders, because delivery and reviews answer it too and sit below orders in the module graph.
 */
export const orderNotFound = () => new DomainError("not_found", "not_found", "Pedido não encontrado.");
