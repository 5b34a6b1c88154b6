/**
 * The checks a shop's settings must pass before the owner can save them (issue 28 item 1, decision
 * 055): Brazilian document check digits and the five kinds of Pix key. Browser-safe and pure, so the
 * form says what is wrong before it sends anything and the server refuses the same things.
 */

/** What the shop came with (environment defaults): a real shop never keeps one of these. */
export const PLACEHOLDER_PIX_KEY = "pix@example.com";
export const PLACEHOLDER_CNPJ = "00.000.000/0001-00";
export const PLACEHOLDER_ADDRESS_MARK = "Rua Exemplo";
export const PLACEHOLDER_WHATSAPP = "5511999999999";

export const onlyDigits = (text: string): string => text.replace(/\D/g, "");

/** Modulo-11 check digit of the Receita Federal (CPF and CNPJ share it): remainder < 2 → 0. */
function checkDigit(digits: string, weights: number[]): number {
  const sum = weights.reduce((total, weight, index) => total + weight * Number(digits[index]), 0);
  const remainder = sum % 11;
  return remainder < 2 ? 0 : 11 - remainder;
}

/** A CNPJ with its two check digits right, written with or without punctuation. */
export function isValidCnpj(text: string): boolean {
  const digits = onlyDigits(text);
  if (digits.length !== 14 || /^(\d)\1{13}$/.test(digits)) return false;
  const first = checkDigit(digits, [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
  const second = checkDigit(digits, [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
  return first === Number(digits[12]) && second === Number(digits[13]);
}

/** A CPF with its two check digits right (11 equal digits pass the arithmetic but are not issued). */
export function isValidCpf(text: string): boolean {
  const digits = onlyDigits(text);
  if (digits.length !== 11 || /^(\d)\1{10}$/.test(digits)) return false;
  const first = checkDigit(digits, [10, 9, 8, 7, 6, 5, 4, 3, 2]);
  const second = checkDigit(digits, [11, 10, 9, 8, 7, 6, 5, 4, 3, 2]);
  return first === Number(digits[9]) && second === Number(digits[10]);
}

/** "12345678000195" → "12.345.678/0001-95" (how the footer and the legal page show it). */
export function formatCnpj(text: string): string {
  const d = onlyDigits(text);
  return d.length === 14 ? `${d.slice(0, 2)}.${d.slice(2, 5)}.${d.slice(5, 8)}/${d.slice(8, 12)}-${d.slice(12)}` : text;
}

export type PixKeyType = "cpf" | "cnpj" | "email" | "phone" | "evp";

export const PIX_KEY_TYPE_LABELS: Record<PixKeyType, string> = {
  cpf: "CPF",
  cnpj: "CNPJ",
  email: "e-mail",
  phone: "celular",
  evp: "chave aleatória",
};

const EVP = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The key as the Banco Central's DICT stores it, and its kind; null when it is none of the five.
 * Written the way people type them: CPF/CNPJ with dots, a phone with spaces or without "+55", an
 * e-mail in capitals. A phone is +55, two-digit area code and 8 or 9 digits.
 */
export function normalizePixKey(input: string): { type: PixKeyType; key: string } | null {
  const text = input.trim();
  if (EVP.test(text)) return { type: "evp", key: text.toLowerCase() };
  if (text.includes("@")) return EMAIL.test(text) && text.length <= 77 ? { type: "email", key: text.toLowerCase() } : null;
  if (text.startsWith("+")) {
    const digits = onlyDigits(text);
    return /^55\d{10,11}$/.test(digits) ? { type: "phone", key: `+${digits}` } : null;
  }
  if (/[^\d.\-/\s()]/.test(text)) return null;
  const digits = onlyDigits(text);
  if (digits.length === 14) return isValidCnpj(digits) ? { type: "cnpj", key: digits } : null;
  if (digits.length === 11 && isValidCpf(digits)) return { type: "cpf", key: digits };
  // Written as a CPF (000.000.000-00) but its digits are wrong: a typo, not a phone.
  if (/^\d{3}\.\d{3}\.\d{3}-\d{2}$/.test(text)) return null;
  // Without "+": a mobile with its area code (11 digits that are no CPF) or with 55 in front.
  if (/^55\d{10,11}$/.test(digits)) return { type: "phone", key: `+${digits}` };
  if (/^\d{2}9\d{8}$/.test(digits)) return { type: "phone", key: `+55${digits}` };
  return null;
}

/** A WhatsApp number as wa.me wants it: country code, area code and number, digits only. */
export function normalizeWhatsapp(input: string): string | null {
  const digits = onlyDigits(input);
  if (/^55\d{10,11}$/.test(digits)) return digits;
  if (/^\d{10,11}$/.test(digits)) return `55${digits}`;
  return null;
}
