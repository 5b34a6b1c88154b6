import { buildPath, type CallInput } from "#app/lib/api-client.ts";
import { safeStorage, STORAGE_KEYS } from "#app/lib/storage-keys.ts";
import type { consentContract } from "#server/contracts/consent.ts";
import { consentRoutes } from "#server/contracts/consent.routes.ts";

// Apart from consent-storage: signing in is reachable from every page's header, and the rest of
// the consent module (the gate's and the cookie dialog's state) would weigh on each first visit.

/**
 * Signed in: the events this browser recorded before (the 18+ gate, the cookie choices) join the
 * account on the server, so the owner's customer view and the data export show them. Nothing to
 * join when this browser never recorded a choice; a failure leaves them with the browser's id.
 */
export function joinConsentToAccount(): void {
  const browserId = safeStorage.get(STORAGE_KEYS.consentBrowserId);
  if (!browserId || !/^[0-9a-f-]{36}$/i.test(browserId)) return;
  const body: CallInput<typeof consentContract.joinConsent>["body"] = { browserId };
  void fetch(buildPath(consentRoutes.joinConsent), {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    credentials: "same-origin",
    body: JSON.stringify(body),
  }).catch(() => {});
}
