/**
 * The pushes' texts and how each travels (issue 31). A push carries only a title, a line and the
 * page to open: details load on tap, so every payload stays far under the services' limit, and
 * `encodePushMessage` refuses one that would not (a test meets it, not a phone).
 *
 * The payload is Declarative Web Push's JSON (WebKit, iOS 18.4+): Safari shows it without running
 * the service worker; elsewhere public/sw.js reads the same `notification` object and shows it.
 */
import { PUSH_PAYLOAD_LIMIT_BYTES, payloadBytes, type PushDelivery } from "#platform/push/web-push.ts";
import { pushMessageTooLarge } from "#domain/push/push-errors.ts";

export type PushMessage = {
  title: string;
  body: string;
  /** The page a tap opens, a path of the shop ("/admin/pedidos?order=…"). */
  path: string;
  /** Seconds the push service keeps it while the phone is off; after that it is stale news. */
  ttlSeconds: number;
  urgency: PushDelivery["urgency"];
  /** Same topic: a newer message replaces one still waiting (≤ 32 of [A-Za-z0-9_-]). */
  topic: string;
};

export const HOUR_SECONDS = 3600;

/** The customer's order news: the bell's own title and text (issue 31 item 3). */
export function customerOrderPush(notice: { title: string; content: string; orderId: string | null }, topicKey: string): PushMessage {
  return {
    title: notice.title,
    body: notice.content,
    path: notice.orderId ? `/cliente?order=${notice.orderId}` : "/cliente",
    ttlSeconds: 3 * 24 * HOUR_SECONDS,
    urgency: "normal",
    topic: topicKey.replace(/[^A-Za-z0-9_-]/g, "").slice(0, 32),
  };
}

/** The button "Enviar notificação de teste": now or never (TTL 0 would drop it on a phone asleep: one minute). */
export function testPush(path: string, shopName: string): PushMessage {
  return {
    title: "Notificações ativadas",
    body: `Este aparelho vai receber os avisos da ${shopName}.`,
    path,
    ttlSeconds: 60,
    urgency: "normal",
    topic: "teste",
  };
}

/** The encrypted text: Declarative Web Push's JSON, with an absolute link to open. Throws past the limit. */
export function encodePushMessage(message: PushMessage, publicUrl: string): string {
  const payload = JSON.stringify({
    web_push: 8030,
    notification: {
      title: message.title,
      body: message.body,
      navigate: new URL(message.path, publicUrl).href,
      tag: message.topic,
      lang: "pt-BR",
      dir: "ltr",
    },
  });
  const bytes = payloadBytes(payload);
  if (bytes > PUSH_PAYLOAD_LIMIT_BYTES) throw pushMessageTooLarge(bytes, PUSH_PAYLOAD_LIMIT_BYTES);
  return payload;
}
