import { PROVIDER_NAMES, type ConnectionView } from "#domain/connections/connection-schemas.ts";

/**
 * When a connection reads green, amber or red on the maintenance panel's health (issue 30 item 7).
 * Pure, so every threshold is tested without a provider. Red: the shop cannot reach a provider it
 * uses (not connected, token expired or unreadable). Amber: it still can, but something failed (the
 * automatic refresh, a recent call) or the token ends within days with nothing to renew it.
 */

export type ConnectionVerdict = { level: "green" | "amber" | "red"; reason: string | null };

/** A pasted token ending within this many days, without a refresh token, is announced. */
export const EXPIRY_WARNING_DAYS = 7;
/** An authorized token this close to its end was not renewed by the job (which renews 7 days before). */
export const OAUTH_LATE_REFRESH_DAYS = 3;
/** A caller's error older than this no longer colours the panel (it stays shown). */
export const RECENT_ERROR_HOURS = 24;

const DAY_MS = 24 * 60 * 60 * 1000;
const dateText = (iso: string) => new Date(iso).toLocaleDateString("pt-BR", { timeZone: "America/Sao_Paulo" });

export function connectionVerdict(view: ConnectionView, now: Date): ConnectionVerdict {
  const name = PROVIDER_NAMES[view.provider];
  const setting = view.provider === "melhorenvio" ? "SHIPPING_PROVIDER=melhorenvio" : "INVOICE_PROVIDER=focusnfe";
  if (view.unreadable)
    return { level: "red", reason: `O token salvo do ${name} não abre mais (o segredo da loja mudou?): conecte de novo.` };
  if (view.source === "none")
    return view.inUse
      ? { level: "red", reason: `A loja usa o ${name} (${setting}), mas nenhuma conta está conectada.` }
      : { level: "green", reason: null };
  if (view.expiresAt && new Date(view.expiresAt).getTime() <= now.getTime())
    return { level: "red", reason: `O token do ${name} venceu em ${dateText(view.expiresAt)}: conecte de novo.` };
  if (view.lastRefreshError) return { level: "amber", reason: `A renovação automática do token falhou: ${view.lastRefreshError}` };
  const daysLeft = view.expiresAt ? (new Date(view.expiresAt).getTime() - now.getTime()) / DAY_MS : Infinity;
  if (view.source === "token" && daysLeft < EXPIRY_WARNING_DAYS)
    return { level: "amber", reason: `O token do ${name} vence em ${dateText(view.expiresAt!)}: cole um novo.` };
  // The refresh job renews days before this: a token this close to its end was not renewed.
  if (view.source === "oauth" && daysLeft < OAUTH_LATE_REFRESH_DAYS)
    return { level: "amber", reason: `O token do ${name} vence em ${dateText(view.expiresAt!)} e ainda não foi renovado.` };
  if (view.lastError && view.lastErrorAt && now.getTime() - new Date(view.lastErrorAt).getTime() < RECENT_ERROR_HOURS * 60 * 60 * 1000)
    return { level: "amber", reason: `Último erro do ${name}: ${view.lastError}` };
  return { level: "green", reason: null };
}
