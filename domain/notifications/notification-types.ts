/** The kinds of in-app notification (spec §3, §4): a plain list, so that the bell loads no zod. */
export const NOTIFICATION_TYPES = [
  "order_created",
  "order_status_changed",
  "payment_status_changed",
  "tracking_added",
  "rating_reminder",
  "admin_new_order",
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];
