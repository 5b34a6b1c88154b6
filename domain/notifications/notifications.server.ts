import { and, count, desc, eq, inArray, lt, ne, sql, type SQL } from "drizzle-orm";
import type { Database } from "#platform/db/client.ts";
import { notifications } from "#platform/db/tables/notifications.ts";
import type { AppServices } from "#platform/services.ts";
import { enqueueEmails } from "#platform/mail/email-queue.ts";
import { notificationMessage, type MailReceipt } from "#domain/notifications/mail-templates.ts";
import { shopNameForMail } from "#domain/notifications/shop-name.server.ts";
import { publish, userTopic } from "#platform/realtime/bus.ts";
import {
  countUnread,
  NOTIFICATION_LIST_LIMIT,
  type NotificationItem,
  type NotificationType,
} from "#domain/notifications/notification-rules.ts";

/** Anything that runs queries: the database or one of its transactions. */
type Executor = Pick<Database, "select" | "insert" | "update" | "execute">;

export type NewNotification = {
  userId: string;
  type: NotificationType;
  title: string;
  content: string;
  orderId: string | null;
};

/** What the bus carries for a new notification (the browser inserts it into its list at once). */
export const NOTIFICATION_EVENT = "notification";

/** Rows → the spec's field names (§3 Notification). */
function toItem(row: typeof notifications.$inferSelect): NotificationItem {
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    content: row.content,
    read: row.read,
    order_id: row.orderId,
    created_at: row.createdAt.toISOString(),
  };
}

/** More for a notification's e-mail than its text: the paid order's downloads and instructions (decision 030). */
export type EmailExtra = { paragraphs: string[]; links: Array<{ label: string; url: string }> };

/** `receipt`: the order's receipt in the e-mail (issue 28 item 10), attached by the orders module. */
export type CreatedNotification = NotificationItem & { userId: string; emailExtra?: EmailExtra; receipt?: MailReceipt };

/**
 * Stores notifications and announces each one on its owner's realtime topic; inside a transaction
 * the announcement leaves only when it commits. Returns the rows, for their e-mails.
 */
export async function createNotifications(executor: Executor, list: NewNotification[]): Promise<CreatedNotification[]> {
  if (list.length === 0) return [];
  const rows = await executor.insert(notifications).values(list).returning();
  const created = rows.map((row) => ({ ...toItem(row), userId: row.userId }));
  for (const item of created) {
    const { userId, ...payload } = item;
    await publish(executor, userTopic(userId), NOTIFICATION_EVENT, payload);
  }
  return created;
}

/**
 * Each notification also goes out by e-mail (issue 6). Called in the transaction that created
 * them: the e-mails are queued jobs (decision 014) that exist only if it commits, and a slow or
 * absent SMTP server never holds the change back. `recipients`: each owner's address and name, which the
 * caller reads through auth (auth imports this module, decision 048): accounts left out get no e-mail.
 */
export async function enqueueNotificationEmails(
  executor: Executor,
  services: Pick<AppServices, "config" | "db" | "logger">,
  created: readonly CreatedNotification[],
  recipients: ReadonlyMap<string, { email: string; name: string }>,
): Promise<void> {
  if (created.length === 0) return;
  const shop = await shopNameForMail(services);
  const messages = created.flatMap((item) => {
    const recipient = recipients.get(item.userId);
    if (!recipient) return [];
    return [
      notificationMessage({
        shop,
        to: recipient.email,
        name: recipient.name,
        notification: item,
        publicUrl: services.config.PUBLIC_URL,
        extra: item.emailExtra,
        receipt: item.receipt,
      }),
    ];
  });
  await enqueueEmails(executor, services.config, messages);
}

/** Spec §7: the 20 newest, newest first. admin_new_order rows only exist for admins. */
export async function listNotifications(db: Database, userId: string): Promise<NotificationItem[]> {
  const rows = await db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(NOTIFICATION_LIST_LIMIT);
  return rows.map(toItem);
}

/** Above this many unread rows the exact count no longer matters: the badge shows "9+" anyway. */
const UNREAD_SCAN_LIMIT = 500;

/** Spec §7: unread, with duplicates of the same order and type within 60 s counted once. */
export async function unreadCount(db: Database, userId: string): Promise<number> {
  const rows = await db
    .select({ type: notifications.type, orderId: notifications.orderId, createdAt: notifications.createdAt })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.read, false)))
    .orderBy(desc(notifications.createdAt))
    .limit(UNREAD_SCAN_LIMIT);
  return countUnread(rows.map((row) => ({ type: row.type, order_id: row.orderId, created_at: row.createdAt.toISOString(), read: false })));
}

/** Marks one of the user's notifications read; false when it is not theirs or does not exist. */
export async function markRead(db: Database, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .update(notifications)
    .set({ read: true })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  return rows.length > 0;
}

/** Spec §7: "for all unread". Returns how many changed. */
export async function markAllRead(db: Database, userId: string): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ read: true })
    .where(and(eq(notifications.userId, userId), eq(notifications.read, false)))
    .returning({ id: notifications.id });
  return rows.length;
}

/** Notifications read and older than `days` (the maintenance panel's clean-up: one condition both counts and deletes). */
const oldReadNotification = (days: number): SQL =>
  and(eq(notifications.read, true), lt(notifications.createdAt, sql`now() - make_interval(days => ${days})`))!;

export async function countOldReadNotifications(db: Pick<Database, "select">, days: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(notifications).where(oldReadNotification(days));
  return row?.n ?? 0;
}

export async function deleteOldReadNotifications(tx: Pick<Database, "delete">, days: number): Promise<number> {
  return (await tx.delete(notifications).where(oldReadNotification(days)).returning({ id: notifications.id })).length;
}

/** LGPD deletion (decision 018): the account's notifications. */
export async function forgetAccountNotifications(tx: Pick<Database, "delete">, userId: string): Promise<void> {
  await tx.delete(notifications).where(eq(notifications.userId, userId));
}

/** Rewrites the notifications of one type about an order (LGPD deletion: the new-order notice as it reads for a buyer without a name). */
export async function rewriteOrderNotices(
  tx: Pick<Database, "update">,
  orderId: string,
  type: NewNotification["type"],
  message: { title: string; content: string },
): Promise<void> {
  await tx
    .update(notifications)
    .set({ title: message.title, content: message.content })
    .where(and(eq(notifications.orderId, orderId), eq(notifications.type, type)));
}

/** Passes the title and text of other people's notifications about these orders through `scrub`, writing those it changed. */
export async function scrubOrderNotices(
  tx: Pick<Database, "select" | "update">,
  orderIds: readonly string[],
  exceptUserId: string | null,
  scrub: (text: string) => string,
): Promise<void> {
  if (orderIds.length === 0) return;
  const notices = await tx
    .select({ id: notifications.id, title: notifications.title, content: notifications.content })
    .from(notifications)
    .where(and(inArray(notifications.orderId, [...orderIds]), exceptUserId === null ? undefined : ne(notifications.userId, exceptUserId)));
  for (const notice of notices) {
    const title = scrub(notice.title);
    const content = scrub(notice.content);
    if (title !== notice.title || content !== notice.content) {
      await tx.update(notifications).set({ title, content }).where(eq(notifications.id, notice.id));
    }
  }
}
