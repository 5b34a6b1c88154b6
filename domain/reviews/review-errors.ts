import { DomainError } from "#domain/errors.ts";

export const reviewNotFound = () => new DomainError("not_found", "review_not_found", "Avaliação não encontrada.");
