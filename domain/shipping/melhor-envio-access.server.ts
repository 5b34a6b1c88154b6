/**
 * How the shop reaches Melhor Envio (issue 30 items 1, 4, 5 and 7): the API's base URL, the bearer
 * token and the User-Agent it requires ("App (email)"). Quotes, labels and tracking all ask here.
 * For now the personal token of the configuration (MELHOR_ENVIO_TOKEN); the OAuth connection made
 * from the admin (item 7) takes its place here when it lands.
 */
import type { AppServices } from "#platform/services.ts";

export type MelhorEnvioAccess = {
  /** e.g. https://melhorenvio.com.br/api/v2/me */
  apiUrl: string;
  token: string;
  userAgent: string;
};

export async function melhorEnvioAccess(services: Pick<AppServices, "config" | "db">): Promise<MelhorEnvioAccess | null> {
  const { config } = services;
  if (!config.MELHOR_ENVIO_TOKEN) return null;
  return {
    apiUrl: `${config.MELHOR_ENVIO_URL.replace(/\/$/, "")}/api/v2/me`,
    token: config.MELHOR_ENVIO_TOKEN,
    userAgent: `Loja Micologia (${config.SHOP_EMAIL})`,
  };
}
