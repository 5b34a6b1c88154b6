import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * Mercado Pago's webhook signature (research B.1.a; the SDK's WebhookSignatureValidator, ≥ 3.3):
 * `x-signature: ts=<seconds>,v1=<hex>` where v1 = HMAC-SHA256(secret, manifest) and the manifest is
 * `id:<data.id of the query>;request-id:<x-request-id>;ts:<ts>;` (a pair whose value is missing is
 * left out). Compared in constant time; a ts further than the window from now is refused, so a
 * captured call cannot be replayed later.
 */

export const SIGNATURE_WINDOW_SECONDS = 300;

export function signatureManifest(parts: { dataId: string | null; requestId: string | null; ts: string }): string {
  let manifest = "";
  if (parts.dataId) manifest += `id:${parts.dataId};`;
  if (parts.requestId) manifest += `request-id:${parts.requestId};`;
  manifest += `ts:${parts.ts};`;
  return manifest;
}

export function signManifest(secret: string, manifest: string): string {
  return createHmac("sha256", secret).update(manifest, "utf8").digest("hex");
}

/** The `x-signature` header for a call about `dataId` (the fake's side, and the tests'). */
export function mercadoPagoSignature(secret: string, dataId: string, requestId: string, tsSeconds: number): string {
  const ts = String(tsSeconds);
  return `ts=${ts},v1=${signManifest(secret, signatureManifest({ dataId, requestId, ts }))}`;
}

function parseSignature(header: string): { ts: string; v1: string } | null {
  const fields = new Map<string, string>();
  for (const part of header.split(",")) {
    const eq = part.indexOf("=");
    if (eq > 0) fields.set(part.slice(0, eq).trim(), part.slice(eq + 1).trim());
  }
  const ts = fields.get("ts");
  const v1 = fields.get("v1");
  if (!ts || !/^\d{1,13}$/.test(ts) || !v1 || !/^[0-9a-f]{64}$/i.test(v1)) return null;
  return { ts, v1: v1.toLowerCase() };
}

export type SignatureCheck = {
  secret: string;
  signature: string | null | undefined;
  requestId: string | null | undefined;
  /** `data.id` of the query string (MP signs the query's, not the body's). */
  dataId: string | null | undefined;
  nowMs: number;
};

export function verifyMercadoPagoSignature(check: SignatureCheck): boolean {
  if (!check.secret || !check.signature) return false;
  const parsed = parseSignature(check.signature);
  if (!parsed) return false;
  // ts is in seconds; a millisecond value (13 digits) is read as such rather than refused outright.
  const tsMs = parsed.ts.length > 11 ? Number(parsed.ts) : Number(parsed.ts) * 1000;
  if (Math.abs(check.nowMs - tsMs) > SIGNATURE_WINDOW_SECONDS * 1000) return false;
  const manifest = signatureManifest({ dataId: check.dataId ?? null, requestId: check.requestId ?? null, ts: parsed.ts });
  const expected = Buffer.from(signManifest(check.secret, manifest), "hex");
  return timingSafeEqual(expected, Buffer.from(parsed.v1, "hex"));
}
