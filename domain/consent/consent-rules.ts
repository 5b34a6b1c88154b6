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
