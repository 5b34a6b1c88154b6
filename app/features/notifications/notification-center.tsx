import { QueryClientContext, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useContext, useEffect } from "react";
import { Link } from "react-router";
import { apiClient } from "#app/lib/api-client.ts";
import { onRealtime, RESYNC } from "#app/lib/realtime.ts";
import type { notificationsContract } from "#server/contracts/notifications.ts";
import { notificationsRoutes } from "#server/contracts/notifications.routes.ts";
import {
  acceptsRealtimeInsert,
  countUnread,
  NOTIFICATION_LIST_LIMIT,
  RATING_ANCHOR,
  relativeTimePtBR,
  type NotificationItem,
} from "#domain/notifications/notification-rules.ts";

/**
 * The bell's data (spec §4, §7, §8): the 20 newest and the unread count, read when a user is
 * signed in; realtime inserts added at once (admin_new_order only for admins); marking read
 * updated locally at once; any fetch error shows an empty list or 0.
 */

/** Other parts of the page (the /cliente tab) mark notifications read too: they tell the bell. */
export const NOTIFICATIONS_CHANGED_EVENT = "shop:notifications-changed";

export type NotificationCenter = {
  items: NotificationItem[];
  unread: number;
  markRead(id: string): void;
  markAllRead(): void;
};

const notifications = apiClient<typeof notificationsContract>(notificationsRoutes);
/** Marking as read is best effort: the list already shows it read, and the next read of the list tells the truth. */
const quietly = (call: Promise<unknown>) => call.catch(() => undefined);

/** How much the unread count drops when `items` becomes `next` (the 60 s rule applied to both). */
const drop = (items: NotificationItem[], next: NotificationItem[]) => countUnread(items) - countUnread(next);

type Data = { items: NotificationItem[]; unread: number };
const EMPTY: Data = { items: [], unread: 0 };
const keyOf = (userId: string | null) => ["notifications", userId] as const;

async function fetchNotifications(): Promise<Data> {
  const [items, unread] = await Promise.all([
    notifications.call("listNotifications").then(
      (body) => body.notifications,
      () => [],
    ),
    notifications.call("unreadCount").then(
      (body) => body.count,
      () => 0,
    ),
  ]);
  return { items, unread };
}

export function useNotificationCenter(userId: string | null, isAdmin: boolean): NotificationCenter {
  const queryClient = useQueryClient();
  const key = keyOf(userId);
  const { data = EMPTY } = useQuery({ queryKey: key, queryFn: fetchNotifications, enabled: userId !== null });

  useEffect(() => {
    if (!userId) return;
    const queryKey = keyOf(userId);
    const stopInsert = onRealtime("notification", (payload) => {
      const item = payload as NotificationItem | null;
      if (!item?.id || !acceptsRealtimeInsert(item, isAdmin)) return;
      queryClient.setQueryData<Data>(queryKey, (current = EMPTY) => {
        if (current.items.some((existing) => existing.id === item.id)) return current;
        const items = [item, ...current.items].slice(0, NOTIFICATION_LIST_LIMIT);
        return { items, unread: current.unread + Math.max(0, countUnread(items) - countUnread(current.items)) };
      });
    });
    const reread = () => void queryClient.invalidateQueries({ queryKey });
    const stopResync = onRealtime(RESYNC, reread);
    window.addEventListener(NOTIFICATIONS_CHANGED_EVENT, reread);
    return () => {
      stopInsert();
      stopResync();
      window.removeEventListener(NOTIFICATIONS_CHANGED_EVENT, reread);
    };
  }, [userId, isAdmin, queryClient]);

  const markRead = useCallback(
    (id: string) => {
      queryClient.setQueryData<Data>(keyOf(userId), (current = EMPTY) => {
        const target = current.items.find((item) => item.id === id);
        if (!target || target.read) return current;
        const items = current.items.map((item) => (item.id === id ? { ...item, read: true } : item));
        return { items, unread: Math.max(0, current.unread - Math.max(1, drop(current.items, items))) };
      });
      void quietly(notifications.call("markRead", { params: { id } }));
    },
    [queryClient, userId],
  );

  const markAllRead = useCallback(() => {
    queryClient.setQueryData<Data>(keyOf(userId), (current = EMPTY) => ({
      items: current.items.map((item) => ({ ...item, read: true })),
      unread: 0,
    }));
    void quietly(notifications.call("markAllRead"));
  }, [queryClient, userId]);

  return { items: userId ? data.items : [], unread: userId ? data.unread : 0, markRead, markAllRead };
}

const NO_CENTER: NotificationCenter = { items: [], unread: 0, markRead: () => {}, markAllRead: () => {} };

function LiveNotifications({
  userId,
  isAdmin,
  children,
}: {
  userId: string | null;
  isAdmin: boolean;
  children: (center: NotificationCenter) => React.ReactNode;
}) {
  return children(useNotificationCenter(userId, isAdmin));
}

/**
 * Gives `children` the notification center; without a QueryClient (the error screen renders the
 * shell outside it) the bell simply shows nothing.
 */
export function WithNotifications(props: {
  userId: string | null;
  isAdmin: boolean;
  children: (center: NotificationCenter) => React.ReactNode;
}) {
  const client = useContext(QueryClientContext);
  return client ? <LiveNotifications {...props} /> : props.children(NO_CENTER);
}

/** Where a notification leads: the order, in the admin panel for admin_new_order. */
export function notificationHref(item: Pick<NotificationItem, "type" | "order_id">): string | null {
  if (!item.order_id) return null;
  const panel = item.type === "admin_new_order" ? "/admin" : "/cliente";
  const anchor = item.type === "rating_reminder" ? `#${RATING_ANCHOR}` : "";
  return `${panel}?order=${encodeURIComponent(item.order_id)}${anchor}`;
}

/** The list inside the bell's panel (and the /cliente tab). */
export function NotificationList({ items, onRead, onReadAll }: { items: NotificationItem[]; onRead(id: string): void; onReadAll(): void }) {
  if (items.length === 0) return <p>Nenhuma notificação por enquanto.</p>;
  const anyUnread = items.some((item) => !item.read);
  return (
    <div>
      {anyUnread ? (
        <button
          type="button"
          onClick={onReadAll}
          className="mb-2 text-sm font-semibold text-emerald-800 underline-offset-4 hover:underline"
        >
          Marcar todas como lidas
        </button>
      ) : null}
      <ul aria-label="Notificações recentes" className="max-h-96 divide-y divide-stone-100 overflow-y-auto">
        {items.map((item) => {
          const href = notificationHref(item);
          const body = (
            <>
              <span className="flex items-start gap-2">
                {item.read ? null : <span aria-hidden="true" className="mt-1.5 size-2 shrink-0 rounded-full bg-emerald-700" />}
                <span className={`block ${item.read ? "text-stone-700" : "font-semibold text-stone-950"}`}>{item.title}</span>
              </span>
              <span className="block text-stone-700">{item.content}</span>
              <span className="block text-xs text-stone-500">
                <time dateTime={item.created_at}>{relativeTimePtBR(item.created_at)}</time>
                {item.read ? null : <span className="sr-only"> (não lida)</span>}
              </span>
            </>
          );
          return (
            <li key={item.id} className="py-2" data-notification-type={item.type}>
              {href ? (
                <Link to={href} onClick={() => onRead(item.id)} className="block rounded-lg p-1 hover:bg-stone-50">
                  {body}
                </Link>
              ) : (
                <button type="button" onClick={() => onRead(item.id)} className="block w-full rounded-lg p-1 text-left hover:bg-stone-50">
                  {body}
                </button>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
