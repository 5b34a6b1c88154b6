/**
 * The order's side of its invoices (issue 30 item 3). Orders never import domain/invoices (it imports
 * orders): a paid order queues the invoices' work by task name, in the move's transaction, and the
 * invoices module reads the order back through `orderForInvoice`. The tasks live in server/jobs.
 */
import { asc, eq } from "drizzle-orm";
import { orderItems, orders } from "#platform/db/tables/orders.ts";
import { enqueueJob } from "#platform/jobs/queue.ts";
import type { OrderAddressSnapshot } from "#platform/db/json-columns.ts";
import type { Executor, Services, Tx } from "#domain/orders/order-store.server.ts";
import type { OrderStatus } from "#domain/orders/order-status.ts";

/** Issues the paid order's notes (NF-e for goods, NFS-e for services and courses). */
export const INVOICE_ISSUE_TASK = "invoice-issue";
/** Cancels the notes of an order cancelled or refunded in full (within the legal window); flags them when refunded in part. */
export const INVOICE_CANCEL_TASK = "invoice-cancel";

/** A Focus NFe call that fails is tried again for about 2.7 days (graphile-worker's back-off, e^n s up to e^10); the issue job's last try refuses the note for the owner (decision 088). */
const INVOICE_JOB_ATTEMPTS = 20;

/** Statuses whose money the shop keeps: a note issued for them stands. */
const KEPT: ReadonlySet<OrderStatus> = new Set(["paid", "preparing", "shipped", "delivered", "partially_refunded"]);

/** Called by the effects step of every move: queues the invoices' work the move calls for. */
export async function queueInvoiceWork(tx: Tx, services: Services, orderId: string, from: OrderStatus, to: OrderStatus): Promise<void> {
  if (services.config.INVOICE_PROVIDER !== "focusnfe" || from === to) return;
  if (to === "paid" && !KEPT.has(from)) {
    await enqueueJob(tx, INVOICE_ISSUE_TASK, { orderId }, { maxAttempts: INVOICE_JOB_ATTEMPTS, jobKey: `invoice-issue-${orderId}` });
  }
  if ((undoesSale(to) || to === "partially_refunded") && KEPT.has(from)) await queueInvoiceCancel(tx, orderId);
}

/** An order in this status no longer keeps its money: its notes are to be cancelled. */
export const undoesSale = (status: OrderStatus) => status === "cancelled" || status === "refunded";

/** An order whose notes the cancel job must look at: undone (cancel them) or refunded in part (flag them). */
export const touchesNotes = (status: OrderStatus) => undoesSale(status) || status === "partially_refunded";

/**
 * Queues the cancel of the order's notes. One job per order: queued again (a note SEFAZ authorized
 * after the cancel job had given up), it starts over with its tries back at zero.
 */
export async function queueInvoiceCancel(executor: Executor, orderId: string): Promise<void> {
  await enqueueJob(executor, INVOICE_CANCEL_TASK, { orderId }, { maxAttempts: INVOICE_JOB_ATTEMPTS, jobKey: `invoice-cancel-${orderId}` });
}

export type InvoiceOrderLine = {
  productId: string;
  productName: string;
  productSlug: string;
  quantity: number;
  /** What the line cost the customer (after its own discount, with its packaging), in cents. */
  finalTotalCents: number;
  needsShipping: boolean;
};

export type InvoiceOrder = {
  id: string;
  number: number;
  userId: string | null;
  status: OrderStatus;
  customerName: string;
  customerEmail: string;
  shippingCents: number;
  /** The order's own discounts (coupon, credit), spread on the lines' notes by the invoices module. */
  discountCents: number;
  address: OrderAddressSnapshot | null;
  paidAt: Date | null;
  lines: InvoiceOrderLine[];
};

/** What a note is made of: the order as it was sold. Null when there is no such order. */
export async function orderForInvoice(db: Executor, orderId: string): Promise<InvoiceOrder | null> {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!row) return null;
  const lines = await db
    .select({
      productId: orderItems.productId,
      productName: orderItems.productName,
      productSlug: orderItems.productSlug,
      quantity: orderItems.quantity,
      finalTotalCents: orderItems.finalTotalCents,
      needsShipping: orderItems.needsShipping,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.productName), asc(orderItems.id));
  return {
    id: row.id,
    number: row.number,
    userId: row.userId,
    status: row.status,
    customerName: row.customerName,
    customerEmail: row.customerEmail,
    shippingCents: row.shippingCents,
    discountCents: row.discountCents,
    address: row.shippingAddress,
    paidAt: row.paidAt,
    lines,
  };
}
