import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

/**
 * Secrets kept in the database (a provider's OAuth tokens) sealed with AES-256-GCM: whoever reads
 * the row, a backup or a CSV of it reads ciphertext. The key is derived (HKDF-SHA256) from a secret
 * the process already holds, under a purpose label, so the key that seals is never the key that
 * signs sessions. `context` is bound into the tag (GCM's additional data): a sealed value copied to
 * another column or row does not open there.
 *
 * Format: "v1." + base64url(12-byte IV ‖ ciphertext ‖ 16-byte tag).
 */

const VERSION = "v1";
const IV_BYTES = 12;
const TAG_BYTES = 16;

export class UnreadableSealError extends Error {
  override name = "UnreadableSealError";
}

/** A 32-byte key for `purpose`, derived from `secret`. */
export function sealingKey(secret: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync("sha256", Buffer.from(secret, "utf8"), Buffer.alloc(0), Buffer.from(purpose, "utf8"), 32));
}

export function sealText(key: Buffer, plaintext: string, context: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  cipher.setAAD(Buffer.from(context, "utf8"));
  const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return `${VERSION}.${Buffer.concat([iv, body, cipher.getAuthTag()]).toString("base64url")}`;
}

/** The plaintext, or UnreadableSealError (another key, another context, a changed byte). */
export function openSealed(key: Buffer, sealed: string, context: string): string {
  const [version, payload] = sealed.split(".", 2);
  if (version !== VERSION || !payload) throw new UnreadableSealError("not a sealed value of this version");
  const bytes = Buffer.from(payload, "base64url");
  if (bytes.length < IV_BYTES + TAG_BYTES) throw new UnreadableSealError("sealed value too short");
  const decipher = createDecipheriv("aes-256-gcm", key, bytes.subarray(0, IV_BYTES));
  decipher.setAAD(Buffer.from(context, "utf8"));
  decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
  try {
    return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES)), decipher.final()]).toString("utf8");
  } catch (error) {
    throw new UnreadableSealError("sealed value does not open with this key and context", { cause: error });
  }
}
