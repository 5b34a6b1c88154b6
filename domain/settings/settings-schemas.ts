import { z } from "zod";
import { isValidCnpj, normalizePixKey, normalizeWhatsapp, formatCnpj } from "#domain/settings/settings-rules.ts";

/**
 * The shop's settings as the owner reads and saves them (issue 28 item 1, decision 055). Browser-safe:
 * the admin's form is typed from these and checks the same rules before sending.
 */

const text = (max: number, what: string) =>
  z
    .string({ error: `Informe ${what}.` })
    .trim()
    .min(1, `Informe ${what}.`)
    .max(max, `No máximo ${max} caracteres.`);

/** The SMTP server: no host means e-mails are written to the outbox folder instead of being sent. */
export const smtpSettingsSchema = z.object({
  host: z.string().trim().max(253).nullable(),
  port: z.number().int().min(1).max(65535),
  /** TLS from the first byte (port 465, smtps://); otherwise STARTTLS when the server offers it. */
  secure: z.boolean(),
  user: z.string().trim().max(200).nullable(),
  /** Never sent back to the browser: only whether there is one. */
  hasPassword: z.boolean(),
});
export type SmtpSettings = z.infer<typeof smtpSettingsSchema>;

export const shopSettingsSchema = z.object({
  shopName: z.string(),
  legalName: z.string(),
  cnpj: z.string(),
  address: z.string(),
  email: z.string(),
  pixKey: z.string(),
  pixMerchantName: z.string(),
  pixMerchantCity: z.string(),
  supportWhatsapp: z.string(),
  mailFrom: z.string(),
  mailReplyTo: z.string().nullable(),
  smtp: smtpSettingsSchema,
  /** The uploaded logo (decision 062): its address under /uploads and its size in pixels; null: the built-in one. */
  logo: z.object({ url: z.string(), width: z.number().int(), height: z.number().int() }).nullable(),
  /** When the owner last saved them; null while everything comes from the environment. */
  updatedAt: z.iso.datetime().nullable(),
});
export type ShopSettingsView = z.infer<typeof shopSettingsSchema>;

/** What the form sends: every field; the SMTP password only when it changes ("" removes it). */
export const shopSettingsInput = z.object({
  shopName: text(60, "o nome da loja"),
  legalName: text(150, "a razão social"),
  cnpj: text(20, "o CNPJ").refine(isValidCnpj, "CNPJ inválido: confira os dígitos verificadores.").transform(formatCnpj),
  address: text(200, "o endereço completo").refine((value) => value.length >= 15, "Escreva o endereço completo, com cidade, UF e CEP."),
  email: z.email("E-mail de contato inválido.").max(200),
  pixKey: text(77, "a chave Pix").transform((value, context) => {
    const key = normalizePixKey(value);
    if (key) return key.key;
    context.addIssue({
      code: "custom",
      message: "Chave Pix inválida: use um CPF ou CNPJ (com dígitos certos), um e-mail, um celular +55 com DDD ou uma chave aleatória.",
    });
    return z.NEVER;
  }),
  pixMerchantName: text(25, "o nome de quem recebe o Pix"),
  pixMerchantCity: text(15, "a cidade de quem recebe o Pix"),
  supportWhatsapp: text(25, "o WhatsApp de atendimento").transform((value, context) => {
    const number = normalizeWhatsapp(value);
    if (number) return number;
    context.addIssue({ code: "custom", message: "WhatsApp inválido: use DDD e número, ex.: (11) 91234-5678." });
    return z.NEVER;
  }),
  mailFrom: text(200, "o remetente dos e-mails").refine(
    (value) => /^[^<>]*<[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+>$|^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/.test(value),
    "Remetente inválido: use nome@dominio ou Nome <nome@dominio>.",
  ),
  mailReplyTo: z.email("E-mail de resposta inválido.").max(200).nullable(),
  smtp: z.object({
    host: z
      .string()
      .trim()
      .max(253)
      .regex(/^$|^[a-z0-9.-]+$/i, "Servidor SMTP inválido: só o nome, ex.: smtp.seuprovedor.com.br.")
      .transform((value) => value || null),
    port: z
      .number({ error: "Porta SMTP inválida." })
      .int("Porta SMTP inválida.")
      .min(1, "Porta SMTP inválida.")
      .max(65535, "Porta SMTP inválida."),
    secure: z.boolean(),
    user: z
      .string()
      .trim()
      .max(200)
      .transform((value) => value || null),
    /** Left out: keep the saved one. */
    password: z.string().max(500).optional(),
  }),
});
export type ShopSettingsInput = z.input<typeof shopSettingsInput>;
export type ShopSettingsValues = z.output<typeof shopSettingsInput>;

export const testEmailResultSchema = z.object({
  /** Where it went: the SMTP server's host, or the outbox when there is none. */
  transport: z.enum(["smtp", "outbox"]),
  to: z.string(),
  message: z.string(),
});
