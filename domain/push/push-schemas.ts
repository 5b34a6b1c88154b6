import { z } from "zod";
import { OWNER_PUSH_EVENTS } from "#domain/push/push-events.ts";

/** base64url of `bytes` bytes, unpadded as `PushSubscription.toJSON()` gives the keys (padding tolerated). */
const base64url = (bytes: number, label: string) =>
  z
    .string()
    .transform((value) => value.replace(/=+$/, ""))
    .pipe(
      z
        .string()
        .length(Math.ceil((bytes * 4) / 3), `${label} inválida`)
        .regex(/^[A-Za-z0-9_-]+$/, `${label} inválida`),
    );

/** What the browser's `PushSubscription.toJSON()` gives, and a name for the device list. */
export const pushSubscriptionSchema = z.object({
  endpoint: z.url({ protocol: /^https$/, error: "Endereço de notificação inválido." }).max(1000, "Endereço de notificação inválido."),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    // A P-256 point, uncompressed (65 bytes); the auth secret is 16 bytes (RFC 8291).
    p256dh: base64url(65, "Chave do aparelho"),
    auth: base64url(16, "Segredo do aparelho"),
  }),
  deviceLabel: z.string().trim().min(1).max(80).default("Este aparelho"),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;

export const ownerPushEventsSchema = z.object({ events: z.array(z.enum(OWNER_PUSH_EVENTS)).max(OWNER_PUSH_EVENTS.length) });

export const pushDeviceSchema = z.object({
  id: z.uuid(),
  deviceLabel: z.string(),
  /** The subscription's address: its own browser finds itself in the list by it. */
  endpoint: z.string(),
  endpointHost: z.string(),
  events: z.array(z.string()),
  createdAt: z.string(),
  lastSuccessAt: z.string().nullable(),
});
export type PushDevice = z.infer<typeof pushDeviceSchema>;

export const pushDevicesSchema = z.object({ devices: z.array(pushDeviceSchema) });
export const vapidPublicKeySchema = z.object({ publicKey: z.string() });
export const testPushSentSchema = z.object({ devices: z.number().int() });
