import { DomainError } from "#domain/errors.ts";

export const notificationNotFound = () => new DomainError("not_found", "not_found", "Notificação não encontrada.");
