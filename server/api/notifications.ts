import { z } from "zod";
import { markAllReadSchema, notificationListSchema, unreadCountSchema } from "#domain/notifications/notification-schemas.ts";
import { listNotifications, markAllRead, markRead, unreadCount } from "#domain/notifications/notifications.server.ts";
import { USER_ONLY } from "#server/http/guards.ts";
import { defineEndpoint } from "#server/http/api.ts";
import { ApiError } from "#server/http/errors.ts";
import { uuidParam } from "#server/http/params.ts";

/** Spec §7 notification calls, as API operations of the signed-in user. */

const notificationNotFound = () => new ApiError(404, "not_found", "Notificação não encontrada.");

export const listNotificationsEndpoint = defineEndpoint({
  method: "get",
  path: "/notifications",
  operationId: "listNotifications",
  summary: "As 20 notificações mais recentes da conta conectada",
  tag: "notificações",
  guard: USER_ONLY,
  response: notificationListSchema,
  async handler({ c, user }) {
    return { notifications: await listNotifications(c.get("services").db, user.id) };
  },
});

export const unreadCountEndpoint = defineEndpoint({
  method: "get",
  path: "/notifications/unread-count",
  operationId: "countUnreadNotifications",
  summary: "Não lidas (repetições do mesmo pedido e tipo em 60 s contam uma vez)",
  tag: "notificações",
  guard: USER_ONLY,
  response: unreadCountSchema,
  async handler({ c, user }) {
    return { count: await unreadCount(c.get("services").db, user.id) };
  },
});

export const markReadEndpoint = defineEndpoint({
  method: "post",
  path: "/notifications/:id/read",
  operationId: "markNotificationRead",
  summary: "Marca uma notificação como lida",
  tag: "notificações",
  guard: USER_ONLY,
  params: z.object({ id: uuidParam(notificationNotFound) }),
  response: z.null(),
  status: 204,
  async handler({ params, c, user }) {
    if (!(await markRead(c.get("services").db, user.id, params.id))) throw notificationNotFound();
    return null;
  },
});

export const markAllReadEndpoint = defineEndpoint({
  method: "post",
  path: "/notifications/read-all",
  operationId: "markAllNotificationsRead",
  summary: "Marca todas as notificações não lidas como lidas",
  tag: "notificações",
  guard: USER_ONLY,
  response: markAllReadSchema,
  async handler({ c, user }) {
    return { updated: await markAllRead(c.get("services").db, user.id) };
  },
});

export const notificationEndpoints = [listNotificationsEndpoint, unreadCountEndpoint, markAllReadEndpoint, markReadEndpoint];
