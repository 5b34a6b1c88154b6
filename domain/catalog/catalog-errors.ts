/** The catalogue's refusals, one definition each (browser-safe: contracts name them for malformed ids). */
import { DomainError } from "#domain/errors.ts";

export const productNotFound = () => new DomainError("not_found", "product_not_found", "Produto não encontrado.");
export const imageNotFound = () => new DomainError("not_found", "image_not_found", "Imagem não encontrada neste produto.");
