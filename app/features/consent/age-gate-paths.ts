/** Where "Não Concordo" leads (decision 064: it says the cart is blocked in this browser). */
export const RESTRICTED_PATH = "/restricao-idade";

/**
 * Pages that show no age gate (decision 063): where "Não Concordo" leads, the legal texts (the
 * privacy policy and the terms must be readable before anyone agrees to them), the e-mails'
 * unsubscribe link, and the owner's and operators' panels and the product editor (signed-in staff, not storefront).
 */
const WITHOUT_GATE = [RESTRICTED_PATH, "/privacidade", "/termos", "/cookies", "/direitos", "/descadastrar"];
const STAFF_PREFIXES = ["/admin", "/maintenance-panel", "/customizar-produto"];

/** Whether the page at `pathname` shows the age gate to a visitor who has not accepted it. */
export function showsAgeGate(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  if (WITHOUT_GATE.includes(path)) return false;
  return !STAFF_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}
