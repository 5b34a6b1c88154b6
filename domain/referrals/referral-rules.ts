/**
 * Referral links (docs/requirements.md "Referrals", decision 027), browser-safe: the code's alphabet, the
 * first-party cookie that keeps a visited link's code, and what the panel shows of a referred person.
 */

/** Unambiguous letters and digits (no 0/O, 1/I/L) for codes people read aloud or type. */
export const REFERRAL_CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
export const REFERRAL_CODE_LENGTH = 8;

/** Holds only the code (no personal data), for 30 days, on this site only. */
export const REFERRAL_COOKIE = "loja.ref";
export const REFERRAL_COOKIE_DAYS = 30;

const CODE_PATTERN = new RegExp(`^[${REFERRAL_CODE_ALPHABET}]{${REFERRAL_CODE_LENGTH}}$`);

/** A code as typed or linked ("abcd2345" works too); null when it cannot be one of ours. */
export function normalizeReferralCode(raw: string | null | undefined): string | null {
  if (!raw) return null;
  const code = raw.trim().toUpperCase();
  return CODE_PATTERN.test(code) ? code : null;
}

/** Only the first name of someone referred is shown to the referrer (no surname, no e-mail). */
export function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] || "Cliente";
}

/** The referral code a request's Cookie header carries, if it holds one of ours. */
export function referralCodeFromCookies(cookieHeader: string | null | undefined): string | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === REFERRAL_COOKIE) return normalizeReferralCode(part.slice(eq + 1));
  }
  return null;
}
