/**
 * Sends one Web Push message (RFC 8030, VAPID RFC 8292, aes128gcm RFC 8291) through the `web-push`
 * library, and says what the push service answered in the terms the queue needs: delivered, gone
 * (404/410: the subscription no longer exists), try again later (429/5xx, a network failure) or
 * refused for good (any other 4xx: a bad key, a payload too large). Knows no shop concept.
 */
import https from "node:https";
import tls from "node:tls";
import { readFileSync } from "node:fs";
import webpush from "web-push";

/**
 * What a push service accepts at least (RFC 8030 §7.2: 4096 bytes of body) less aes128gcm's header
 * (86 bytes), tag (16) and padding delimiter (1): the largest plaintext every service takes.
 */
export const PUSH_PAYLOAD_LIMIT_BYTES = 3993;

export type VapidKeys = { publicKey: string; privateKey: string };

export type PushTarget = { endpoint: string; keys: { p256dh: string; auth: string } };

export type PushDelivery = {
  /** The text the device decrypts (UTF-8), at most PUSH_PAYLOAD_LIMIT_BYTES. */
  payload: string;
  /** Seconds the service keeps an undelivered message (0: now or never). */
  ttlSeconds: number;
  urgency: "very-low" | "low" | "normal" | "high";
  /** ≤ 32 URL-safe characters: a newer message with the same topic replaces an undelivered one. */
  topic?: string;
};

export type PushOutcome =
  | { kind: "delivered"; status: number }
  | { kind: "gone"; status: number }
  | { kind: "retry"; status: number | null; detail: string }
  | { kind: "refused"; status: number; detail: string };

export type PushSender = {
  send(target: PushTarget, delivery: PushDelivery, vapid: VapidKeys & { subject: string }): Promise<PushOutcome>;
};

/** Makes a VAPID key pair (P-256, base64url), as `web-push generate-vapid-keys` does. */
export function generateVapidKeys(): VapidKeys {
  return webpush.generateVAPIDKeys();
}

/** A payload's size in bytes as the service counts it (UTF-8). */
export const payloadBytes = (payload: string) => Buffer.byteLength(payload, "utf8");

/**
 * The sender: `caFile` adds authorities to trust (a private relay, the tests' local fake);
 * `timeoutMs` bounds each request so a stuck service only delays the job's retry.
 */
export function createPushSender(options: { caFile?: string; timeoutMs?: number } = {}): PushSender {
  const agent = options.caFile
    ? // The public authorities stay trusted: real services (FCM, Apple, Mozilla) keep working beside the extra one.
      new https.Agent({ ca: [...tls.rootCertificates, readFileSync(options.caFile, "utf8")] })
    : undefined;
  return {
    async send(target, delivery, vapid) {
      if (payloadBytes(delivery.payload) > PUSH_PAYLOAD_LIMIT_BYTES) {
        return { kind: "refused", status: 413, detail: "payload over the push services' limit" };
      }
      try {
        const answer = await webpush.sendNotification(target, delivery.payload, {
          vapidDetails: vapid,
          TTL: delivery.ttlSeconds,
          urgency: delivery.urgency,
          ...(delivery.topic ? { topic: delivery.topic } : {}),
          contentEncoding: "aes128gcm",
          timeout: options.timeoutMs ?? 10_000,
          ...(agent ? { agent } : {}),
        });
        return { kind: "delivered", status: answer.statusCode };
      } catch (error) {
        if (error instanceof webpush.WebPushError) return classify(error.statusCode, error.body);
        // No answer at all (refused connection, timeout, TLS): the service may be back later.
        return { kind: "retry", status: null, detail: error instanceof Error ? error.message : String(error) };
      }
    },
  };
}

function classify(status: number, body: string): PushOutcome {
  const detail = `${status} ${String(body ?? "").slice(0, 200)}`.trim();
  if (status === 404 || status === 410) return { kind: "gone", status };
  if (status === 429 || status >= 500) return { kind: "retry", status, detail };
  return { kind: "refused", status, detail };
}
