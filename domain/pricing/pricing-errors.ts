import { DomainError } from "#domain/errors.ts";

/**
 * A quantity the product cannot be priced at (price-quote.ts's `quantityProblem`, e.g. under the
 * gram minimum): worded as the API's validation errors are, since it is the request's field that is wrong.
 */
export const quantityRefused = (problem: string) =>
  new DomainError("invalid", "validation_error", `Dados inválidos. quantity: ${problem}.`);
