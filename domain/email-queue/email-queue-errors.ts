import { DomainError } from "#domain/errors.ts";

/** No e-mail of the queue has that id (or the id is malformed). */
export const emailNotFound = () => new DomainError("not_found", "not_found", "E-mail não encontrado.");
