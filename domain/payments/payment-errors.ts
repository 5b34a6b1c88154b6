import { DomainError } from "#domain/errors.ts";

/** A provider's notification whose signature (or client certificate) does not prove it came from the provider. */
export const webhookNotAuthentic = () =>
  new DomainError("unauthorized", "webhook_not_authentic", "Notificação recusada: assinatura ou certificado inválido.");
