import { safeStorage, STORAGE_KEYS } from "#app/lib/storage-keys.ts";

/** The cookie choices of spec §3; necessary cookies cannot be refused. */
export type CookiePreferences = { necessary: true; analytics: boolean; marketing: boolean };

/** LGPD: analytics and marketing are opt-in, so nothing stored means "no". */
const NO_OPTIONAL_COOKIES: CookiePreferences = { necessary: true, analytics: false, marketing: false };
const ALL_COOKIES: CookiePreferences = { necessary: true, analytics: true, marketing: true };

// Components read consent through useSyncExternalStore; writes in this tab tell them here,
// writes in other tabs arrive as "storage" events.
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

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

/** Spec §4: accepting the gate stores the acceptance and every cookie preference as true. */
export function acceptTermsAndAllCookies(): void {
  safeStorage.set(STORAGE_KEYS.ageAndCookiesAccepted, "true");
  safeStorage.set(STORAGE_KEYS.cookiesPreferences, JSON.stringify(ALL_COOKIES));
  notify();
}

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

export function saveCookiePreferences(preferences: Omit<CookiePreferences, "necessary">): void {
  const value: CookiePreferences = { necessary: true, analytics: preferences.analytics, marketing: preferences.marketing };
  safeStorage.set(STORAGE_KEYS.cookiesPreferences, JSON.stringify(value));
  notify();
}
