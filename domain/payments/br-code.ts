/**
 * BR Code ("Pix copia e cola") of the Banco Central do Brasil: EMV QRCPS merchant-presented mode,
 * fields as TLV (two-digit id, two-digit length, value), closed by a CRC16-CCITT-FALSE over the
 * whole text including the CRC field's own id and length ("6304"). Pure and dependency-free: the
 * server builds it for an order, tests decode it with an independent reader (br-code.test.ts).
 */

export const PIX_GUI = "br.gov.bcb.pix";
/** Field limits of the BCB manual. */
export const MAX_MERCHANT_NAME = 25;
export const MAX_MERCHANT_CITY = 15;
export const MAX_TXID = 25;

export type BrCodeInput = {
  /** The receiver's Pix key: e-mail, CPF/CNPJ digits, +55 phone or random key (EVP). */
  key: string;
  merchantName: string;
  merchantCity: string;
  /** Integer cents; omitted: the payer types the amount. */
  amountCents?: number;
  /** Up to 25 letters and digits; omitted: "***" (no identifier). */
  txid?: string;
  /** Shown to the payer by some banks. */
  description?: string;
};

/** CRC16-CCITT-FALSE (poly 0x1021, init 0xFFFF, no reflection, no final xor) as 4 upper-case hex digits. */
export function crc16CcittFalse(text: string): string {
  let crc = 0xffff;
  for (const byte of new TextEncoder().encode(text)) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc.toString(16).toUpperCase().padStart(4, "0");
}

/**
 * The BR Code's character set is printable ASCII; banks' apps choke on accents, so "São Paulo"
 * becomes "Sao Paulo". Truncated to `max` characters.
 */
export function toBrCodeText(value: string, max: number): string {
  return value
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^\x20-\x7e]/g, "")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, max)
    .trim();
}

function field(id: string, value: string): string {
  if (value.length > 99) throw new RangeError(`BR Code field ${id} longer than 99 characters`);
  return `${id}${value.length.toString().padStart(2, "0")}${value}`;
}

/** "12345" cents → "123.45" (the amount field's format: dot, two decimals, no thousands separator). */
export function formatBrCodeAmount(cents: number): string {
  if (!Number.isInteger(cents) || cents <= 0) throw new RangeError(`invalid Pix amount: ${cents}`);
  return `${Math.floor(cents / 100)}.${(cents % 100).toString().padStart(2, "0")}`;
}

export function isValidTxid(txid: string): boolean {
  return /^[A-Za-z0-9]{1,25}$/.test(txid);
}

/** The "copia e cola" text; the QR code encodes exactly this. */
export function buildBrCode(input: BrCodeInput): string {
  const key = input.key.trim();
  if (!key) throw new RangeError("Pix key is empty");
  const txid = input.txid ?? "***";
  if (txid !== "***" && !isValidTxid(txid)) throw new RangeError(`invalid txid: ${txid}`);
  const name = toBrCodeText(input.merchantName, MAX_MERCHANT_NAME);
  const city = toBrCodeText(input.merchantCity, MAX_MERCHANT_CITY);
  if (!name || !city) throw new RangeError("merchant name and city are required");

  const base = field("00", PIX_GUI) + field("01", key);
  // The description only goes in when the whole account field (at most 99 characters) has room.
  const room = 99 - base.length - 4;
  const description = input.description && room > 0 ? toBrCodeText(input.description, room) : "";
  const account = base + (description ? field("02", description) : "");
  const payload =
    field("00", "01") +
    field("26", account) +
    field("52", "0000") +
    field("53", "986") +
    (input.amountCents === undefined ? "" : field("54", formatBrCodeAmount(input.amountCents))) +
    field("58", "BR") +
    field("59", name) +
    field("60", city) +
    field("62", field("05", txid)) +
    "6304";
  return payload + crc16CcittFalse(payload);
}
