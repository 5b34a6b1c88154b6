/**
 * Consent events (LGPD art. 8): what the age gate and the cookie dialog send and the server checks.
 * Browser-safe and without zod (every first visit loads it). The gate records the age declaration
 * and the terms, nothing else; each optional cookie purpose is off until the visitor turns it on.
 */

export const CONSENT_PURPOSES = ["age", "terms", "analytics", "marketing"] as const;
export type ConsentPurpose = (typeof CONSENT_PURPOSES)[number];

/** The account's choice about reminder e-mails (panel, unsubscribe link): recorded like the others, never sent by the cookie dialog. */
export const MARKETING_EMAIL_PURPOSE = "marketing_email";
/** Every purpose a consent event can have. */
export const RECORDED_PURPOSES = [...CONSENT_PURPOSES, MARKETING_EMAIL_PURPOSE] as const;

/**
 * The version of the consent texts (the gate's terms, the legal page, the cookie dialog) a visitor
 * saw. A new text gets a new version at the END of the list; older ones stay, so a page opened
 * before a release still records what it showed.
 */
export const CONSENT_VERSIONS = ["2026-11-25"] as const;
export const CURRENT_CONSENT_VERSION = CONSENT_VERSIONS[CONSENT_VERSIONS.length - 1]!;

/** What accepting the age gate records: age and terms, never a cookie purpose. */
export const AGE_GATE_CHOICES = [
  { purpose: "age", granted: true },
  { purpose: "terms", granted: true },
] as const satisfies ReadonlyArray<ConsentChoice>;

export type ConsentChoice = { purpose: ConsentPurpose; granted: boolean };

/** What refusing the age gate ("Não Concordo") records: the proof that this browser said no. */
export const AGE_GATE_REFUSAL = [
  { purpose: "age", granted: false },
  { purpose: "terms", granted: false },
] as const satisfies ReadonlyArray<ConsentChoice>;

/**
 * The cookie by which the server knows this browser refused the age gate (decision 064): set by
 * the server when a refusal is recorded, removed when an acceptance is. HttpOnly, so only the
 * server writes it; it holds no id, only the refusal, and is sent with every request, so the cart,
 * the checkout and their pages can refuse without a lookup.
 */
export const AGE_REFUSAL_COOKIE = "loja.idade_recusada";

const REFUSAL_PATTERN = new RegExp(`(?:^|;\\s*)${AGE_REFUSAL_COOKIE.replace(".", "\\.")}=1(?:;|$)`);

/** Whether a request's Cookie header says its browser refused the age gate. */
export function refusedAgeIn(cookieHeader: string | null | undefined): boolean {
  return !!cookieHeader && REFUSAL_PATTERN.test(cookieHeader);
}
