import { DomainError } from "#domain/errors.ts";

export const customerNotFound = () => new DomainError("not_found", "not_found", "Cliente não encontrado.");
