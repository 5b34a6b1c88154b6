import { createHash } from "node:crypto";

/** `value` with every object's keys sorted, so two spellings of one request serialise alike. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((name) => [name, canonical((value as Record<string, unknown>)[name])]),
  );
}

/**
 * What an idempotency key is bound to (Stripe's rule: one key, one request): the SHA-256 of the
 * validated request as JSON, keys sorted. Callers leave the key itself out.
 */
export function requestHash(request: unknown): string {
  return createHash("sha256")
    .update(JSON.stringify(canonical(request)) ?? "null")
    .digest("hex");
}
