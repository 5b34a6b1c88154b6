/** The customer panel's refusals, one definition each (browser-safe: the account contract names addressNotFound). */
import { DomainError } from "#domain/errors.ts";

export const addressNotFound = () => new DomainError("not_found", "not_found", "Endereço não encontrado.");
export const tooManyAddresses = (max: number) =>
  new DomainError("conflict", "too_many_addresses", `Você já tem ${max} endereços salvos. Remova um para adicionar outro.`);
/** The account's password, asked again before it is deleted, did not match. */
export const wrongPassword = () => new DomainError("invalid", "invalid_password", "Senha incorreta.");
/** The session's account is gone (deleted in another tab): as if signed out. */
export const accountGone = () => new DomainError("unauthorized", "unauthorized", "Entre na sua conta para continuar.");
