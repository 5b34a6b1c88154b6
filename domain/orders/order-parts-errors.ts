import { DomainError } from "#domain/errors.ts";

/** The refusal of a service the order does not hold (decision 081), defined once for the flow and the path parameter. */
export const serviceNotFound = () => new DomainError("not_found", "service_not_found", "Este pedido não tem esse serviço.");
