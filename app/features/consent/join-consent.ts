import { buildPath, type CallInput } from "#app/lib/api-client.ts";
import { safeStorage, STORAGE_KEYS } from "#app/lib/storage-keys.ts";
import type { consentContract } from "#server/contracts/consent.ts";
import { consentRoutes } from "#server/contracts/consent.routes.ts";

// Apart from consent-storage: signing in is reachable from every page's header, and the rest of
// the consent module (the gate's and the cookie dialog's state) would weigh on each first visit.

/** This browser's consent id, when it ever recorded a choice. */
function storedBrowserId(): string | null {
  const browserId = safeStorage.get(STORAGE_KEYS.consentBrowserId);
  return browserId && /^[0-9a-f-]{36}$/i.test(browserId) ? browserId : null;
}

/**
 * Signed in: the events this browser recorded before (the 18+ gate, the cookie choices) join the
 * account on the server, so the owner's customer view and the data export show them. Nothing to
 * join when this browser never recorded a choice; a failure leaves them with the browser's id.
 */
export function joinConsentToAccount(): void {
  const browserId = storedBrowserId();
  if (browserId) sendJoin(browserId);
}

/**
 * The first signed-in page of an account in this browser joins its consent events too: signing
 * up ends on the e-mailed confirmation link, and the one-time sign-in link lands by redirect, so
 * neither passes through `authClient.signIn` (decision 063 completes 060). Once per account and
 * browser (remembered in storage), so a page load costs no request after that.
 */
export function joinConsentOnce(userId: string): void {
  const browserId = storedBrowserId();
  if (!browserId || safeStorage.get(STORAGE_KEYS.consentJoinedAccount) === userId) return;
  safeStorage.set(STORAGE_KEYS.consentJoinedAccount, userId);
  sendJoin(browserId);
}

function sendJoin(browserId: string): void {
  const body: CallInput<typeof consentContract.joinConsent>["body"] = { browserId };
  void fetch(buildPath(consentRoutes.joinConsent), {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    credentials: "same-origin",
    body: JSON.stringify(body),
  }).catch(() => {});
}
