/**
 * How the shop reaches Focus NFe (issue 30 items 3 and 7): the host and the company's token (HTTP
 * Basic, the token as user and an empty password). The token the owner pasted in the admin (kept
 * sealed by domain/connections) wins over FOCUS_NFE_TOKEN (decision 075). A call that fails tells
 * the health panel through domain/connections/provider-errors.server.ts's recordProviderError.
 */
import type { AppServices } from "#platform/services.ts";
import { providerToken } from "#domain/connections/stored-access.server.ts";

export type FocusNfeAccess = { apiUrl: string; token: string };

export async function focusNfeAccess(services: Pick<AppServices, "config" | "db">): Promise<FocusNfeAccess | null> {
  const token = await providerToken(services, "focusnfe");
  if (!token) return null;
  return { apiUrl: services.config.FOCUS_NFE_URL.replace(/\/$/, ""), token };
}
