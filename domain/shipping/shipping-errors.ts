import { DomainError } from "#domain/errors.ts";

/** No region of the shipping table holds the CEP (the cart's estimate and the checkout alike). */
export const cepNotServed = () => new DomainError("unprocessable", "cep_not_served", "Não entregamos neste CEP.");
