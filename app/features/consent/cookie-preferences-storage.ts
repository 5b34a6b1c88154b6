import { safeStorage, STORAGE_KEYS } from "#app/lib/storage-keys.ts";
import { notifyConsentListeners, recordConsentOnServer } from "#app/features/consent/consent-storage.ts";

/**
 * The cookie preferences of spec §3, apart from the gate's consent: the gate's script, which a
 * first visit loads, has no use for them; only the preferences dialog reads and writes them.
 */

/** The cookie choices of spec §3; necessary cookies cannot be refused. */
export type CookiePreferences = { necessary: true; analytics: boolean; marketing: boolean };

/** LGPD: analytics and marketing are opt-in, so nothing stored means "no". */
const NO_OPTIONAL_COOKIES: CookiePreferences = { necessary: true, analytics: false, marketing: false };

export function readCookiePreferences(): CookiePreferences {
  const raw = safeStorage.get(STORAGE_KEYS.cookiesPreferences);
  if (!raw) return NO_OPTIONAL_COOKIES;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== "object" || parsed === null) return NO_OPTIONAL_COOKIES;
    const { analytics, marketing } = parsed as Record<string, unknown>;
    return { necessary: true, analytics: analytics === true, marketing: marketing === true };
  } catch {
    // A hand-edited or corrupted value counts as no consent.
    return NO_OPTIONAL_COOKIES;
  }
}

/** Stores the visitor's choice and records one event per optional purpose (given or withdrawn). */
export function saveCookiePreferences(preferences: Omit<CookiePreferences, "necessary">): void {
  const value: CookiePreferences = { necessary: true, analytics: preferences.analytics, marketing: preferences.marketing };
  safeStorage.set(STORAGE_KEYS.cookiesPreferences, JSON.stringify(value));
  notifyConsentListeners();
  void recordConsentOnServer([
    { purpose: "analytics", granted: value.analytics },
    { purpose: "marketing", granted: value.marketing },
  ]);
}
