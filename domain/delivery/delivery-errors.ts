import { DomainError } from "#domain/errors.ts";

/** The order has no file of that product to download (or the id is malformed). */
export const downloadNotFound = () =>
  new DomainError("not_found", "download_not_found", "Este pedido não tem arquivo para baixar deste produto.");
