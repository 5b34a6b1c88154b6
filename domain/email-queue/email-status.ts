/** Where an e-mail of the log stands (decision 026); browser-safe, without zod. */
export const EMAIL_STATUSES = ["queued", "sent", "failed"] as const;
export type EmailStatus = (typeof EMAIL_STATUSES)[number];

/** As the panel says them. */
export const EMAIL_STATUS_LABELS: Record<EmailStatus, string> = { queued: "Na fila", sent: "Enviado", failed: "Falhou" };
