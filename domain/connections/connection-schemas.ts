import { z } from "zod";

/**
 * The shop's connections to its outside services (issue 30 item 7): what the owner's "Conexões"
 * screen and the maintenance panel's health read, and what the owner sends. Browser-safe.
 */

export const PROVIDERS = ["melhorenvio", "focusnfe"] as const;
export const providerSchema = z.enum(PROVIDERS);
export type Provider = z.infer<typeof providerSchema>;

export const PROVIDER_NAMES: Record<Provider, string> = { melhorenvio: "Melhor Envio", focusnfe: "Focus NFe" };

/**
 * Where the token in use comes from: Melhor Envio's authorization ("oauth"), a token the owner pasted
 * ("token"), the environment (MELHOR_ENVIO_TOKEN, FOCUS_NFE_TOKEN), or nowhere.
 */
export const connectionSourceSchema = z.enum(["oauth", "token", "environment", "none"]);
export type ConnectionSource = z.infer<typeof connectionSourceSchema>;

export const connectionViewSchema = z.object({
  provider: providerSchema,
  /** Whether the shop's configuration uses this provider (SHIPPING_PROVIDER, INVOICE_PROVIDER). */
  inUse: z.boolean(),
  source: connectionSourceSchema,
  /** The account as the provider names it; null when unknown (a pasted Focus token, the environment's). */
  accountName: z.string().nullable(),
  accountEmail: z.string().nullable(),
  connectedAt: z.iso.datetime().nullable(),
  /** When the access token stops working; null when the provider did not say. */
  expiresAt: z.iso.datetime().nullable(),
  lastRefreshAt: z.iso.datetime().nullable(),
  lastRefreshError: z.string().nullable(),
  lastError: z.string().nullable(),
  lastErrorAt: z.iso.datetime().nullable(),
  /** The stored token no longer opens (the shop's secret changed): connect again. */
  unreadable: z.boolean(),
  /** Melhor Envio only: whether "Conectar" can start an authorization (the OAuth app is configured). */
  oauthAvailable: z.boolean(),
});
export type ConnectionView = z.infer<typeof connectionViewSchema>;

export const connectionsSchema = z.object({ melhorEnvio: connectionViewSchema, focusNfe: connectionViewSchema });
export type Connections = z.infer<typeof connectionsSchema>;

const tokenField = z
  .string({ error: "Cole o token." })
  .trim()
  .min(20, "O token parece incompleto: cole-o inteiro.")
  .max(4000, "O token tem no máximo 4000 caracteres.")
  .regex(/^[\x21-\x7e]+$/, "O token não pode ter espaços nem acentos: cole só o token.");

export const pastedTokenInput = z.strictObject({ token: tokenField });
export type PastedTokenInput = z.infer<typeof pastedTokenInput>;

export const authorizationStartSchema = z.object({ authorizeUrl: z.url() });

export const authorizationCallbackInput = z.strictObject({
  code: z.string({ error: "Falta o código devolvido pelo Melhor Envio." }).trim().min(1).max(4000),
  state: z.string({ error: "Falta o estado devolvido pelo Melhor Envio." }).trim().min(1).max(200),
});
export type AuthorizationCallbackInput = z.infer<typeof authorizationCallbackInput>;

/** Green, amber, red, as the maintenance panel's other checks. */
export const connectionHealthSchema = connectionViewSchema.extend({
  level: z.enum(["green", "amber", "red"]),
  reason: z.string().nullable(),
});
export type ConnectionHealth = z.infer<typeof connectionHealthSchema>;

/**
 * Where Melhor Envio sends the owner back after the authorization (PUBLIC_URL + this): the settings
 * screen, whose "Conexões" section finishes the connection. Registered as is in the OAuth app.
 */
export const CONNECTIONS_RETURN_PATH = "/admin/configuracoes";
