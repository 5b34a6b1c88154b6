import { DomainError } from "#domain/errors.ts";

export const pushDeviceNotFound = () => new DomainError("not_found", "push_device_not_found", "Aparelho não encontrado.");

/** A message over what every push service accepts: refused here, in a test, never by a phone. */
export const pushMessageTooLarge = (bytes: number, limit: number) =>
  new DomainError("invalid", "push_message_too_large", `Mensagem de ${bytes} bytes: o limite das notificações é ${limit} bytes.`);
