import { useEffect } from "react";
import { NotificationList, WithNotifications, type NotificationCenter } from "#app/features/notifications/notification-center.tsx";

/** What the header shows of a signed-in user's notifications: the unread count and the bell's panel. */
export type HeaderNotifications = { unread: number; panel: React.ReactNode };

type Report = (notifications: HeaderNotifications | null) => void;

/** Hands the header the center's count and list whenever they change; renders nothing itself. */
function Reporter({ center, onChange }: { center: NotificationCenter; onChange: Report }) {
  const { items, unread, markRead, markAllRead } = center;
  useEffect(() => {
    onChange({ unread, panel: <NotificationList items={items} onRead={markRead} onReadAll={markAllRead} /> });
  }, [items, unread, markRead, markAllRead, onChange]);
  useEffect(() => () => onChange(null), [onChange]);
  return null;
}

/**
 * A signed-in user's notifications (the list, its queries and realtime inserts), loaded by the
 * shell on demand (decision 035). It hands the header its count and panel instead of rendering
 * the header, so the header never remounts when this code arrives (an open menu stays open).
 * Without a query cache (the error screen's shell) the bell shows nothing, as before.
 */
export default function NotificationsFeed({ userId, isAdmin, onChange }: { userId: string; isAdmin: boolean; onChange: Report }) {
  return (
    <WithNotifications userId={userId} isAdmin={isAdmin}>
      {(center) => <Reporter center={center} onChange={onChange} />}
    </WithNotifications>
  );
}
