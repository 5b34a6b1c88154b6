/** The notifications operations' methods and paths (under /api): zod-free, what the browser loads to call them (decision 046). */

export const notificationsRoutes = {
  listNotifications: { method: "get", path: "/notifications" },
  unreadCount: { method: "get", path: "/notifications/unread-count" },
  markRead: { method: "post", path: "/notifications/:id/read" },
  markAllRead: { method: "post", path: "/notifications/read-all" },
} as const;
