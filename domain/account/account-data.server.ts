import { and, asc, eq, sql } from "drizzle-orm";
import type { Database } from "#platform/db/client.ts";
import { addresses } from "#platform/db/tables/account.ts";
import type { AppServices } from "#platform/services.ts";
import { forgetQueuedEmails } from "#platform/mail/email-queue.ts";
import { removeOutboxMessagesTo } from "#platform/mail/mailer.ts";
import { forgetAccountConsent } from "#domain/consent/consent.server.ts";
import { anonymiseCustomerOrders } from "#domain/orders/order-privacy.server.ts";
import { deleteAuthAccount, lockAccountEmail } from "#domain/auth/account-deletion.server.ts";
import { forgetAccountCarts } from "#domain/cart/stale-carts.server.ts";
import { forgetAccountNotifications } from "#domain/notifications/notifications.server.ts";
import { forgetAccountPushSubscriptions } from "#domain/push/push-subscriptions.server.ts";
import { forgetReferralLink } from "#domain/referrals/credit-ledger.server.ts";
import { forgetAccountReviews } from "#domain/reviews/review-moderation.server.ts";
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

/**
 * LGPD deletion, in one transaction: the account, its password, sessions (every device is signed
 * out), addresses, referral link, notifications and carts. Orders are kept for the law's retention
 * period with the personal data removed, from their columns and from the notes and notifications
 * about them (anonymiseCustomerOrders); consent events keep only the browser's random id; queued e-mails to the customer are deleted and those about them scrubbed. Then the
 * offline outbox's messages to the customer go too.
 */
/** What other modules forget inside the deletion's transaction, passed in by server/api: checkout imports account. */
export type AccountDeletionHooks = { forgetCheckoutAttempts: (tx: Tx, userId: string) => Promise<void> };

export async function deleteAccount(
  services: Pick<AppServices, "config" | "db" | "logger">,
  userId: string,
  hooks: AccountDeletionHooks,
): Promise<void> {
  const email = await services.db.transaction(async (tx) => {
    const email = await lockAccountEmail(tx, userId);
    // Before the orders lose their owner: the account's reviews go and their products are recounted.
    await forgetAccountReviews(tx, userId);
    const saved = await tx
      .select({ name: addresses.recipientName, phone: addresses.phone })
      .from(addresses)
      .where(eq(addresses.userId, userId));
    const scrubCustomer = await anonymiseCustomerOrders(tx, userId, saved);
    await hooks.forgetCheckoutAttempts(tx, userId);
    await forgetAccountConsent(tx, userId);
    if (email !== null) await forgetQueuedEmails(tx, email, scrubCustomer);
    await forgetAccountCarts(tx, userId);
    await forgetAccountNotifications(tx, userId);
    // Its phones are told nothing more (a queued push finds no device and ends).
    await forgetAccountPushSubscriptions(tx, userId);
    await forgetReferralLink(tx, userId);
    await deleteAuthAccount(tx, userId); // addresses and saved CPF go with the user
    return email;
  });
  if (email) {
    // After the commit: a file left behind by a failure here is retried by nobody, so say so.
    await removeOutboxMessagesTo(services.config, email).catch((error: unknown) =>
      services.logger.error({ err: error, userId }, "could not clear the deleted account's outbox messages"),
    );
  }
}

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** An address as the checkout's form gives it. */
export type CheckoutAddress = Omit<typeof addresses.$inferInsert, "id" | "userId" | "createdAt">;

/**
 * docs/requirements.md: the address of an order is saved to the account, in the order's transaction, unless it
 * is already there (same CEP, street and number) or the account has MAX_ADDRESSES.
 */
export async function saveCheckoutAddress(tx: Tx, userId: string, address: CheckoutAddress): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`addresses:${userId}`}))`);
  const existing = await tx.select().from(addresses).where(eq(addresses.userId, userId));
  if (existing.length >= MAX_ADDRESSES) return;
  const same = existing.some((row) => row.cep === address.cep && row.number === address.number && row.street === address.street);
  if (same) return;
  await tx.insert(addresses).values({ ...address, userId });
}
