/**
 * LGPD art. 18 (decision 018): the export of everything the shop keeps about one customer, and
 * nothing about anyone else. A read model over other modules' tables (decision 048, TABLE_READERS of
 * .dependency-cruiser.js): it reads the person's account, sessions, cart, referral link and credit,
 * and notifications in one place, so the export cannot miss a table; it writes nothing.
 */
import { asc, desc, eq, inArray } from "drizzle-orm";
import type { Database } from "#platform/db/client.ts";
import { sessions, users } from "#platform/db/tables/auth.ts";
import { cartItems, carts } from "#platform/db/tables/cart.ts";
import { notifications } from "#platform/db/tables/notifications.ts";
import { creditEntries, referralLinks } from "#platform/db/tables/referrals.ts";
import { listAccountConsent } from "#domain/consent/consent.server.ts";
import { exportCustomerOrders } from "#domain/orders/order-privacy.server.ts";
import { readSavedCpf } from "#domain/account/saved-cpf.server.ts";
import { accountReviews } from "#domain/reviews/review-moderation.server.ts";
import { listAddresses } from "#domain/account/account-data.server.ts";

/** LGPD: everything the shop keeps about the customer, and nothing about anyone else. */
export async function exportAccountData(db: Database, userId: string) {
  const [user] = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      emailVerified: users.emailVerified,
      createdAt: users.createdAt,
      updatedAt: users.updatedAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) return null;
  const userCarts = await db
    .select({ id: carts.id, status: carts.status, createdAt: carts.createdAt, updatedAt: carts.updatedAt })
    .from(carts)
    .where(eq(carts.userId, userId))
    .orderBy(asc(carts.createdAt));
  const items =
    userCarts.length === 0
      ? []
      : await db
          .select({
            cartId: cartItems.cartId,
            productId: cartItems.productId,
            productName: cartItems.productName,
            quantity: cartItems.quantity,
            unitType: cartItems.unitType,
            totalPriceCents: cartItems.totalPriceCents,
            createdAt: cartItems.createdAt,
          })
          .from(cartItems)
          .where(
            inArray(
              cartItems.cartId,
              userCarts.map((cart) => cart.id),
            ),
          );
  return {
    exportedAt: new Date().toISOString(),
    account: user,
    // When and from where the account was used; never the session tokens themselves.
    sessions: await db
      .select({
        createdAt: sessions.createdAt,
        expiresAt: sessions.expiresAt,
        ipAddress: sessions.ipAddress,
        userAgent: sessions.userAgent,
      })
      .from(sessions)
      .where(eq(sessions.userId, userId))
      .orderBy(asc(sessions.createdAt)),
    addresses: await listAddresses(db, userId),
    // The CPF the last order saved (decision 033): the customer's own, so the export has it whole.
    savedCpf: await readSavedCpf(db, userId),
    referral: await db
      .select({ code: referralLinks.code, totalCredits: referralLinks.totalCredits, createdAt: referralLinks.createdAt })
      .from(referralLinks)
      .where(eq(referralLinks.userId, userId)),
    // Decision 027: the credit ledger is the customer's too.
    creditEntries: await db
      .select({ kind: creditEntries.kind, amountCents: creditEntries.amountCents, createdAt: creditEntries.createdAt })
      .from(creditEntries)
      .where(eq(creditEntries.userId, userId))
      .orderBy(asc(creditEntries.createdAt)),
    notifications: await db
      .select({
        type: notifications.type,
        title: notifications.title,
        content: notifications.content,
        read: notifications.read,
        orderId: notifications.orderId,
        createdAt: notifications.createdAt,
      })
      .from(notifications)
      .where(eq(notifications.userId, userId))
      .orderBy(desc(notifications.createdAt)),
    carts: userCarts.map((cart) => ({ ...cart, items: items.filter((item) => item.cartId === cart.id) })),
    orders: await exportCustomerOrders(db, userId),
    // LGPD art. 8 §2: each consent given or withdrawn (purpose, text version, time, browser).
    consent: await listAccountConsent(db, userId),
    reviews: await accountReviews(db, userId),
  };
}
export type AccountExport = NonNullable<Awaited<ReturnType<typeof exportAccountData>>>;
