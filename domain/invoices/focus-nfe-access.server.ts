/**
 * How the shop reaches Focus NFe (issue 30 items 3 and 7): the host and the company's token (HTTP
 * Basic, the token as user and an empty password). For now the configuration's token
 * (FOCUS_NFE_TOKEN); the token the owner pastes in the admin (item 7) takes its place here when it lands.
 */
import type { AppServices } from "#platform/services.ts";

export type FocusNfeAccess = { apiUrl: string; token: string };

export async function focusNfeAccess(services: Pick<AppServices, "config" | "db">): Promise<FocusNfeAccess | null> {
  const { config } = services;
  if (!config.FOCUS_NFE_TOKEN) return null;
  return { apiUrl: config.FOCUS_NFE_URL.replace(/\/$/, ""), token: config.FOCUS_NFE_TOKEN };
}
