/**
 * LGPD (decisions 003 and 018): the account's export lists its orders; deleting the account keeps
 * the orders for the shop's books without the person in them, in any column or free text.
 */
import { and, asc, eq, inArray } from "drizzle-orm";
import type { Database } from "#platform/db/client.ts";
import { orderReturns, orders, orderStatusHistory } from "#platform/db/tables/orders.ts";
import { scrubAuditEntries } from "#domain/audit/audit-log.server.ts";
import { accountContacts } from "#domain/auth/account-names.server.ts";
import { rewriteOrderNotices, scrubOrderNotices } from "#domain/notifications/notifications.server.ts";
import { adminNewOrderMessage } from "#domain/orders/order-messages.ts";
import { getOrder } from "#domain/orders/order-queries.server.ts";
import type { Tx } from "#domain/orders/order-store.server.ts";
import type { OrderDetail } from "#domain/orders/order-types.ts";

export async function exportCustomerOrders(db: Database, userId: string) {
  const rows = await db.select().from(orders).where(eq(orders.userId, userId)).orderBy(asc(orders.createdAt));
  const details = await Promise.all(rows.map((row) => getOrder(db, row.id, userId)));
  return details.filter((detail): detail is OrderDetail => detail !== null);
}

export const DELETED_CUSTOMER = "Conta excluída";

/** An order in one of these has nothing left to deliver: its customer's data is no longer needed for it. */
export const FINISHED_STATUSES = ["delivered", "cancelled", "refunded", "partially_refunded"] as const;

/** What stands in a free text where the deleted customer's name, e-mail, phone or CPF was. */
export const REMOVED_DATA = "[dado removido]";

/** The person's words and numbers, as they may appear in a note an admin or the customer typed. */
export type PersonalIdentifiers = { texts: string[]; digits: string[] };

/** Shorter than this, a "name" or a number would match inside unrelated words and totals. */
const MIN_TEXT = 3;
const MIN_DIGITS = 8;

const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * One pattern for all of them: texts in any case and spacing ("joão  SILVA"), numbers whatever
 * punctuation was typed between the digits ("(11) 91234-5678", "11 91234 5678", "123.456.789-09").
 * Null when there is nothing to look for.
 */
export function identifierPattern({ texts, digits }: PersonalIdentifiers): RegExp | null {
  const words = [...new Set(texts.map((text) => text.trim().replace(/\s+/g, " ")).filter((text) => text.length >= MIN_TEXT))]
    // Longest first, so "Maria Souza Lima" goes whole rather than leaving "Lima" behind "Maria Souza".
    .sort((a, b) => b.length - a.length)
    .map((text) => text.split(" ").map(escapeRegExp).join("\\s+"));
  const numbers = [...new Set(digits.map((value) => value.replace(/\D/g, "")).filter((value) => value.length >= MIN_DIGITS))]
    .sort((a, b) => b.length - a.length)
    // A typed phone may open with the country code and a parenthesis: "+55 (11) …" goes whole.
    .map((value) => `(?<!\\d)(?:\\+?55[^\\d\\p{L}]{0,2})?\\(?${[...value].join("[^\\d\\p{L}]{0,3}")}(?!\\d)`);
  const alternatives = [...words, ...numbers];
  return alternatives.length === 0 ? null : new RegExp(alternatives.join("|"), "giu");
}

export function scrub(text: string, pattern: RegExp | null): string {
  return pattern ? text.replace(pattern, REMOVED_DATA) : text;
}

/** A saved address's recipient and phone (domain/account passes them in: account imports orders). */
export type SavedContact = { name: string; phone: string };

/** Everything that names the customer: the account, the saved addresses and the orders' snapshots. */
async function identifiersOf(
  tx: Tx,
  userId: string,
  saved: readonly SavedContact[],
  customerOrders: Array<typeof orders.$inferSelect>,
): Promise<PersonalIdentifiers> {
  const user = (await accountContacts(tx, [userId])).get(userId);
  const texts = [user?.name, user?.email, ...saved.map((row) => row.name)];
  const digits = saved.map((row) => row.phone);
  for (const order of customerOrders) {
    texts.push(order.customerName, order.customerEmail, order.shippingAddress?.recipientName);
    digits.push(order.shippingAddress?.phone ?? "", order.shippingAddress?.cpf ?? "");
  }
  return { texts: texts.filter((text): text is string => Boolean(text)), digits };
}

/**
 * Inside deleteAccount's transaction: name, e-mail and address leave the orders; totals and lines
 * stay. The person also leaves what others keep about those orders: the admins' notifications (a
 * new-order notice names the buyer), the history notes, a withdrawal's reason and the cancel reason (free text, where a
 * customer's reason or an admin's note may hold a name or a phone). Returns the scrubber, for what
 * else holds free text about the customer (the queued e-mails).
 */
export async function anonymiseCustomerOrders(tx: Tx, userId: string, saved: readonly SavedContact[]): Promise<(text: string) => string> {
  const customerOrders = await tx.select().from(orders).where(eq(orders.userId, userId));
  const pattern = identifierPattern(await identifiersOf(tx, userId, saved, customerOrders));
  const ids = customerOrders.map((order) => order.id);
  if (ids.length > 0) {
    for (const order of customerOrders) {
      // The new-order notice is rewritten as it reads for a buyer without a name ("Um cliente fez…").
      await rewriteOrderNotices(
        tx,
        order.id,
        "admin_new_order",
        adminNewOrderMessage({ number: order.number, totalCents: order.totalCents }),
      );
      if (order.cancelReason && pattern) {
        await tx
          .update(orders)
          .set({ cancelReason: scrub(order.cancelReason, pattern) })
          .where(eq(orders.id, order.id));
      }
    }
    await scrubOrderNotes(tx, ids, pattern, userId);
  }
  // Finished orders lose the person now; one still in progress keeps what delivering it needs
  // (name, e-mail, address with phone and CPF) until it is delivered or cancelled (LGPD arts. 7, V and 15–16),
  // when scrubFinishedOrdersOfDeletedAccounts removes them.
  await tx
    .update(orders)
    .set({ userId: null, customerName: DELETED_CUSTOMER, customerEmail: "", shippingAddress: null, updatedAt: new Date() })
    .where(and(eq(orders.userId, userId), inArray(orders.status, FINISHED_STATUSES)));
  await tx.update(orders).set({ userId: null, scrubWhenDone: true, updatedAt: new Date() }).where(eq(orders.userId, userId));
  await tx.update(orderStatusHistory).set({ actorUserId: null }).where(eq(orderStatusHistory.actorUserId, userId));
  const clean = (text: string) => scrub(text, pattern);
  // The audit log's "before" and "after" of these orders may hold a cancel reason naming the customer.
  await scrubAuditEntries(tx, "order", ids, clean);
  return clean;
}

/**
 * The free texts about these orders (history notes, a withdrawal's reason, other people's
 * notifications) lose whatever the pattern finds of the customer.
 */
async function scrubOrderNotes(tx: Tx, ids: string[], pattern: RegExp | null, exceptUserId: string | null): Promise<void> {
  if (!pattern || ids.length === 0) return;
  const notes = await tx
    .select({ id: orderStatusHistory.id, note: orderStatusHistory.note })
    .from(orderStatusHistory)
    .where(inArray(orderStatusHistory.orderId, ids));
  for (const entry of notes) {
    const clean = entry.note ? scrub(entry.note, pattern) : entry.note;
    if (clean !== entry.note) await tx.update(orderStatusHistory).set({ note: clean }).where(eq(orderStatusHistory.id, entry.id));
  }
  // A withdrawal's row keeps the customer's own words too (decision 044).
  const withdrawals = await tx
    .select({ id: orderReturns.id, reason: orderReturns.reason })
    .from(orderReturns)
    .where(inArray(orderReturns.orderId, ids));
  for (const row of withdrawals) {
    const clean = row.reason ? scrub(row.reason, pattern) : row.reason;
    if (clean !== row.reason) await tx.update(orderReturns).set({ reason: clean }).where(eq(orderReturns.id, row.id));
  }
  // Other people's notifications about these orders (the customer's own go with the account).
  await scrubOrderNotices(tx, ids, exceptUserId, (text) => scrub(text, pattern));
}

/**
 * The job (every 10 minutes): orders of deleted accounts that were kept for delivery and are now
 * delivered, cancelled or refunded lose the person, as deleteAccount does to finished orders.
 * Returns how many orders it scrubbed.
 */
export async function scrubFinishedOrdersOfDeletedAccounts(db: Database): Promise<number> {
  return db.transaction(async (tx) => {
    const kept = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.scrubWhenDone, true), inArray(orders.status, FINISHED_STATUSES)))
      .for("update", { skipLocked: true });
    for (const order of kept) {
      const pattern = identifierPattern({
        texts: [order.customerName, order.customerEmail, order.shippingAddress?.recipientName ?? ""],
        digits: [order.shippingAddress?.phone ?? "", order.shippingAddress?.cpf ?? ""],
      });
      const notice = adminNewOrderMessage({ number: order.number, totalCents: order.totalCents });
      await rewriteOrderNotices(tx, order.id, "admin_new_order", notice);
      await scrubOrderNotes(tx, [order.id], pattern, null);
      await tx
        .update(orders)
        .set({
          customerName: DELETED_CUSTOMER,
          customerEmail: "",
          shippingAddress: null,
          cancelReason: order.cancelReason ? scrub(order.cancelReason, pattern) : order.cancelReason,
          scrubWhenDone: false,
          updatedAt: new Date(),
        })
        .where(eq(orders.id, order.id));
      await scrubAuditEntries(tx, "order", [order.id], (text) => scrub(text, pattern));
    }
    return kept.length;
  });
}
