/** The maintenance panel's refusals, one definition each (browser-safe: contracts name them for malformed ids). */
import { DomainError } from "#domain/errors.ts";

export const adminNotFound = () => new DomainError("not_found", "not_found", "Administrador não encontrado.");
export const unknownCleanup = () => new DomainError("not_found", "not_found", "Limpeza desconhecida.");
