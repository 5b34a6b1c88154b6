import { buildPath, type CallInput } from "#app/lib/api-client.ts";
import { safeStorage, STORAGE_KEYS } from "#app/lib/storage-keys.ts";
import type { consentContract } from "#server/contracts/consent.ts";
import { consentRoutes } from "#server/contracts/consent.routes.ts";
import { AGE_GATE_CHOICES, AGE_GATE_REFUSAL, CURRENT_CONSENT_VERSION, type ConsentChoice } from "#domain/consent/consent-rules.ts";

/**
 * The 18+ gate's consent (the gate's script loads this on a first visit); the cookie preferences
 * live in cookie-preferences-storage.ts, which only their dialog loads.
 */

// Components read consent through useSyncExternalStore; writes in this tab tell them here,
// writes in other tabs arrive as "storage" events.
const listeners = new Set<() => void>();
export const notifyConsentListeners = () => listeners.forEach((listener) => listener());

export function subscribeToConsent(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener("storage", listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", listener);
  };
}

export function hasAcceptedTerms(): boolean {
  return safeStorage.get(STORAGE_KEYS.ageAndCookiesAccepted) === "true";
}

/** This browser's random id for its consent events (made on first use, kept in its storage). */
function consentBrowserId(): string {
  const stored = safeStorage.get(STORAGE_KEYS.consentBrowserId);
  if (stored && /^[0-9a-f-]{36}$/i.test(stored)) return stored;
  const id = crypto.randomUUID();
  safeStorage.set(STORAGE_KEYS.consentBrowserId, id);
  return id;
}

/**
 * Tells the server (LGPD art. 8 §2: the shop keeps the proof). `keepalive`, so a choice made just
 * before leaving the page still arrives; a failure (offline) leaves the local choice standing, as
 * consent is the visitor's whether or not the record reached us.
 */
export function recordConsentOnServer(choices: readonly ConsentChoice[]): Promise<void> {
  try {
    const body: CallInput<typeof consentContract.recordConsent>["body"] = {
      browserId: consentBrowserId(),
      version: CURRENT_CONSENT_VERSION,
      choices: [...choices],
    };
    // A plain fetch, for `keepalive`; the address and the body's type are the contract's.
    return fetch(buildPath(consentRoutes.recordConsent), {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      credentials: "same-origin",
      keepalive: true,
      body: JSON.stringify(body),
    }).then(
      () => {},
      () => {},
    );
  } catch {
    // No fetch (very old browser): the local choice still holds.
    return Promise.resolve();
  }
}

/**
 * Accepting the gate records the age declaration and the terms only (docs/requirements.md "Content and
 * legal", issue 16): the optional cookie purposes stay off until the visitor chooses them in the
 * cookie preferences. This replaces spec §4's "all cookie preferences as true", which LGPD art. 8
 * does not allow (consent per purpose, never bundled with the terms).
 */
export function acceptAgeAndTerms(): void {
  safeStorage.set(STORAGE_KEYS.ageAndCookiesAccepted, "true");
  notifyConsentListeners();
  void recordConsentOnServer(AGE_GATE_CHOICES);
}

/** How long "Não Concordo" waits for the server to note the refusal before leaving anyway. */
const REFUSAL_WAIT_MS = 2_000;

/**
 * "Não Concordo": nothing is stored in the browser (the gate asks again on the next page), but the
 * server records the refusal and marks this browser (an HttpOnly cookie, decision 064), so its
 * cart and checkout are refused whatever a script sends. Resolves when the answer is in, or after
 * a short wait: the visitor is never held on the gate by a slow network.
 */
export function refuseAgeAndTerms(): Promise<void> {
  safeStorage.remove(STORAGE_KEYS.ageAndCookiesAccepted);
  return Promise.race([recordConsentOnServer(AGE_GATE_REFUSAL), new Promise<void>((resolve) => setTimeout(resolve, REFUSAL_WAIT_MS))]);
}
