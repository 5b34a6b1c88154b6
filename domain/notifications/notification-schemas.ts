import { z } from "zod";
import { NOTIFICATION_TYPES } from "#domain/notifications/notification-types.ts";

/**
 * The notifications API's answers (server/api/notifications.ts), browser-safe: NotificationItem
 * (notification-rules.ts) is `z.infer` of the first, and the bell's calls are typed by them.
 */

export const notificationItemSchema = z.object({
  id: z.string(),
  type: z.enum(NOTIFICATION_TYPES),
  title: z.string(),
  content: z.string(),
  read: z.boolean(),
  order_id: z.string().nullable(),
  created_at: z.string(),
});

export const notificationListSchema = z.object({ notifications: z.array(notificationItemSchema) });
export const unreadCountSchema = z.object({ count: z.number().int() });
export const markAllReadSchema = z.object({ updated: z.number().int() });
