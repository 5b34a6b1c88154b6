/**
 * What the order operations share: the services they use, the order row and its lock, and the
 * shape of an order's notification.
 */
import { orderNotFound } from "#domain/errors.ts";
import { eq } from "drizzle-orm";
import type { Database } from "#platform/db/client.ts";
import { orders } from "#platform/db/schema.ts";
import type { AppServices } from "#platform/services.ts";
import type { NewNotification } from "#domain/notifications/notifications.server.ts";
import type { OrderMessage } from "#domain/orders/order-messages.ts";

export type Services = Pick<AppServices, "config" | "db" | "logger">;
export type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];
export type Executor = Database | Tx;

export type OrderRow = typeof orders.$inferSelect;

export const iso = (value: Date | null) => (value ? value.toISOString() : null);

export const isUuid = (value: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);

/** The order refusal, defined once in domain/errors.ts. */
export const notFound = orderNotFound;

export async function lockOrder(tx: Tx, id: string): Promise<OrderRow> {
  if (!isUuid(id)) throw notFound();
  const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for("update");
  if (!row) throw notFound();
  return row;
}

export function toNotification(userId: string, orderId: string, message: OrderMessage): NewNotification {
  return { userId, orderId, ...message };
}
