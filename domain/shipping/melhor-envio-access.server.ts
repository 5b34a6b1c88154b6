/**
 * How the shop reaches Melhor Envio (issue 30 items 1, 4, 5 and 7): the API's base URL, the bearer
 * token and the User-Agent it requires ("App (email)"). Quotes, labels and tracking all ask here.
 * The token is the connection the owner made in the admin (OAuth or a pasted personal token, kept
 * sealed by domain/connections), else MELHOR_ENVIO_TOKEN (decision 075). A call that fails tells
 * the health panel through domain/connections/provider-errors.server.ts's recordProviderError.
 */
import type { AppServices } from "#platform/services.ts";
import { melhorEnvioHost, melhorEnvioUserAgent } from "#domain/connections/melhor-envio-oauth.server.ts";
import { providerToken } from "#domain/connections/stored-access.server.ts";

export type MelhorEnvioAccess = {
  /** e.g. https://melhorenvio.com.br/api/v2/me */
  apiUrl: string;
  token: string;
  userAgent: string;
};

export async function melhorEnvioAccess(services: Pick<AppServices, "config" | "db">): Promise<MelhorEnvioAccess | null> {
  const { config } = services;
  const token = await providerToken(services, "melhorenvio");
  if (!token) return null;
  return { apiUrl: `${melhorEnvioHost(config)}/api/v2/me`, token, userAgent: melhorEnvioUserAgent(config) };
}
