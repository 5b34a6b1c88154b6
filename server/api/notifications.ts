import { notificationNotFound } from "#domain/notifications/notification-errors.ts";
import { listNotifications, markAllRead, markRead, unreadCount } from "#domain/notifications/notifications.server.ts";
import { USER_ONLY } from "#server/http/guards.ts";
import { defineEndpoint } from "#server/http/api.ts";
import { notificationsContract } from "#server/contracts/notifications.ts";

/** Spec §7 notification calls, as API operations of the signed-in user. */

export const listNotificationsEndpoint = defineEndpoint({
  ...notificationsContract.listNotifications,
  guard: USER_ONLY,
  async handler({ c, user }) {
    return { notifications: await listNotifications(c.get("services").db, user.id) };
  },
});

export const unreadCountEndpoint = defineEndpoint({
  ...notificationsContract.unreadCount,
  guard: USER_ONLY,
  async handler({ c, user }) {
    return { count: await unreadCount(c.get("services").db, user.id) };
  },
});

export const markReadEndpoint = defineEndpoint({
  ...notificationsContract.markRead,
  guard: USER_ONLY,
  async handler({ params, c, user }) {
    if (!(await markRead(c.get("services").db, user.id, params.id))) throw notificationNotFound();
    return null;
  },
});

export const markAllReadEndpoint = defineEndpoint({
  ...notificationsContract.markAllRead,
  guard: USER_ONLY,
  async handler({ c, user }) {
    return { updated: await markAllRead(c.get("services").db, user.id) };
  },
});

export const notificationEndpoints = [listNotificationsEndpoint, unreadCountEndpoint, markAllReadEndpoint, markReadEndpoint];
