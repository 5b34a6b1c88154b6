import { notificationNotFound } from "#domain/notifications/notification-errors.ts";
import { z } from "zod";
import { markAllReadSchema, notificationListSchema, unreadCountSchema } from "#domain/notifications/notification-schemas.ts";
import { defineContract, uuidParam } from "#server/contracts/define-contract.ts";
import { notificationsRoutes } from "#server/contracts/notifications.routes.ts";

export const notificationsContract = defineContract(notificationsRoutes, {
  listNotifications: {
    operationId: "listNotifications",
    summary: "As 20 notificações mais recentes da conta conectada",
    tag: "notificações",
    response: notificationListSchema,
  },
  unreadCount: {
    operationId: "countUnreadNotifications",
    summary: "Não lidas (repetições do mesmo pedido e tipo em 60 s contam uma vez)",
    tag: "notificações",
    response: unreadCountSchema,
  },
  markRead: {
    operationId: "markNotificationRead",
    summary: "Marca uma notificação como lida",
    tag: "notificações",
    params: z.object({ id: uuidParam(notificationNotFound) }),
    response: z.null(),
    status: 204,
  },
  markAllRead: {
    operationId: "markAllNotificationsRead",
    summary: "Marca todas as notificações não lidas como lidas",
    tag: "notificações",
    response: markAllReadSchema,
  },
});
