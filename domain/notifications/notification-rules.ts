/** Spec §3, §4, §8, §9 rules of in-app notifications, shared by the server and the bell. */
import type { z } from "zod";
import type { notificationItemSchema } from "#domain/notifications/notification-schemas.ts";

export { NOTIFICATION_TYPES, type NotificationType } from "#domain/notifications/notification-types.ts";

/** Where the panel's order view keeps its rating form: the rating reminder's e-mail and bell lead there (decision 029). */
export const RATING_ANCHOR = "avaliar";

/** Spec §9. */
export const NOTIFICATION_LIST_LIMIT = 20;
export const NOTIFICATION_BADGE_MAX = 9;
export const UNREAD_DUPLICATE_WINDOW_MS = 60_000;

/** A notification as the API answers it and the bell shows it (notification-schemas.ts). */
export type NotificationItem = z.infer<typeof notificationItemSchema>;

/**
 * Unread count where duplicates of the same order and type within 60 s count once. Each group's
 * notifications are walked oldest first; one counts when it comes more than 60 s after the last one
 * counted. Notifications without an order are never duplicates of each other.
 */
export function countUnread(items: ReadonlyArray<Pick<NotificationItem, "type" | "order_id" | "created_at" | "read">>): number {
  const unread = items
    .filter((item) => !item.read)
    .map((item) => ({ ...item, at: Date.parse(item.created_at) }))
    .sort((a, b) => a.at - b.at);
  const lastCounted = new Map<string, number>();
  let count = 0;
  for (const item of unread) {
    if (item.order_id === null || Number.isNaN(item.at)) {
      count++;
      continue;
    }
    const group = `${item.order_id}\u0000${item.type}`;
    const last = lastCounted.get(group);
    if (last !== undefined && item.at - last <= UNREAD_DUPLICATE_WINDOW_MS) continue;
    lastCounted.set(group, item.at);
    count++;
  }
  return count;
}

/** Spec §9: "9+" above 9, nothing at 0. */
export function badgeText(count: number): string | null {
  if (count <= 0) return null;
  return count > NOTIFICATION_BADGE_MAX ? `${NOTIFICATION_BADGE_MAX}+` : String(count);
}

/** Spec §4: admin_new_order is ignored for non-admins. */
export function acceptsRealtimeInsert(item: Pick<NotificationItem, "type">, isAdmin: boolean): boolean {
  return item.type !== "admin_new_order" || isAdmin;
}

const UNITS: ReadonlyArray<[Intl.RelativeTimeFormatUnit, number]> = [
  ["year", 365 * 24 * 3600],
  ["month", 30 * 24 * 3600],
  ["week", 7 * 24 * 3600],
  ["day", 24 * 3600],
  ["hour", 3600],
  ["minute", 60],
];

/** "há 5 minutos", "ontem"…; 'agora' under a minute and whenever formatting fails (spec §8). */
export function relativeTimePtBR(value: string | number | Date, now: number = Date.now()): string {
  try {
    const at = value instanceof Date ? value.getTime() : typeof value === "number" ? value : Date.parse(value);
    if (!Number.isFinite(at)) return "agora";
    const seconds = Math.round((at - now) / 1000);
    const format = new Intl.RelativeTimeFormat("pt-BR", { numeric: "auto" });
    for (const [unit, size] of UNITS) {
      if (Math.abs(seconds) >= size) return format.format(Math.trunc(seconds / size), unit);
    }
    return "agora";
  } catch {
    return "agora";
  }
}
