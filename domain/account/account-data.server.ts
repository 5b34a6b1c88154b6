import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "#platform/db/client.ts";
import {
  accounts,
  addresses,
  cartItems,
  carts,
  creditEntries,
  notifications,
  referralLinks,
  sessions,
  users,
  verifications,
} from "#platform/db/schema.ts";
import type { AppServices } from "#platform/services.ts";
import { forgetQueuedEmails } from "#platform/mail/email-queue.ts";
import { removeOutboxMessagesTo } from "#platform/mail/mailer.ts";
import { forgetAccountConsent, listAccountConsent } from "#domain/consent/consent.server.ts";
import { anonymiseCustomerOrders, exportCustomerOrders } from "#domain/orders/order-privacy.server.ts";
import { readSavedCpf } from "#domain/account/saved-cpf.server.ts";
import { accountReviews, forgetAccountReviews } from "#domain/reviews/review-moderation.server.ts";
import type { Address, addressSchema } from "#domain/shipping/address-schema.ts";
import type { z } from "zod";

/** A customer keeps a handful of addresses; more is a script, not a person. */
export const MAX_ADDRESSES = 10;

export async function listAddresses(db: Database, userId: string): Promise<Address[]> {
  const rows = await db
    .select({
      id: addresses.id,
      recipientName: addresses.recipientName,
      phone: addresses.phone,
      cep: addresses.cep,
      street: addresses.street,
      number: addresses.number,
      complement: addresses.complement,
      neighborhood: addresses.neighborhood,
      city: addresses.city,
      state: addresses.state,
    })
    .from(addresses)
    .where(eq(addresses.userId, userId))
    .orderBy(asc(addresses.createdAt), asc(addresses.id));
  return rows as Address[];
}

/** Adds an address; null when the customer already has MAX_ADDRESSES. */
export async function addAddress(db: Database, userId: string, input: z.output<typeof addressSchema>): Promise<Address | null> {
  return db.transaction(async (tx) => {
    // Serialises concurrent additions of one customer, so the limit holds.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`addresses:${userId}`}))`);
    const [{ count }] = (await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(addresses)
      .where(eq(addresses.userId, userId))) as [{ count: number }];
    if (count >= MAX_ADDRESSES) return null;
    const [row] = await tx
      .insert(addresses)
      .values({ ...input, userId })
      .returning({ id: addresses.id });
    return { ...input, id: row!.id } as Address;
  });
}

/** Removes one of the customer's own addresses; false when there is no such address of theirs. */
export async function removeAddress(db: Database, userId: string, id: string): Promise<boolean> {
  const removed = await db
    .delete(addresses)
    .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
    .returning({ id: addresses.id });
  return removed.length > 0;
}

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

/**
 * LGPD deletion, in one transaction: the account, its password, sessions (every device is signed
 * out), addresses, referral link, notifications and carts. Orders are kept for the law's retention
 * period with the personal data removed, from their columns and from the notes and notifications
 * about them (anonymiseCustomerOrders); consent events keep only the browser's random id; queued e-mails to the customer are deleted and those about them scrubbed. Then the
 * offline outbox's messages to the customer go too.
 */
export async function deleteAccount(services: Pick<AppServices, "config" | "db" | "logger">, userId: string): Promise<void> {
  const email = await services.db.transaction(async (tx) => {
    const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId)).for("update");
    // Before the orders lose their owner: the account's reviews go and their products are recounted.
    await forgetAccountReviews(tx, userId);
    const scrubCustomer = await anonymiseCustomerOrders(tx, userId);
    await forgetAccountConsent(tx, userId);
    if (user) await forgetQueuedEmails(tx, user.email, scrubCustomer);
    await tx.delete(carts).where(eq(carts.userId, userId)); // cart_items go with their cart
    await tx.delete(notifications).where(eq(notifications.userId, userId));
    await tx.delete(referralLinks).where(eq(referralLinks.userId, userId));
    // Pending reset links point at the user by id.
    await tx.delete(verifications).where(eq(verifications.value, userId));
    await tx.delete(sessions).where(eq(sessions.userId, userId));
    await tx.delete(accounts).where(eq(accounts.userId, userId));
    await tx.delete(users).where(eq(users.id, userId)); // addresses go with the user
    return user?.email ?? null;
  });
  if (email) {
    // After the commit: a file left behind by a failure here is retried by nobody, so say so.
    await removeOutboxMessagesTo(services.config, email).catch((error: unknown) =>
      services.logger.error({ err: error, userId }, "could not clear the deleted account's outbox messages"),
    );
  }
}
