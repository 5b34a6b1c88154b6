import { sql } from "drizzle-orm";
import { check, index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "#platform/db/tables/auth.ts";

/*
 * What a customer keeps in the panel: saved addresses, the saved CPF.
 * Owned by domain/account/ (decision 048): only its files import this one; every other module goes
 * through its functions (.dependency-cruiser.js, rule `tables-owned-by-their-module`). Money is
 * integer cents (docs/requirements.md).
 */

/** A customer's saved delivery addresses (the checkout fills and reuses them). */
export const addresses = pgTable(
  "addresses",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    recipientName: text("recipient_name").notNull(),
    phone: text("phone").notNull(),
    /** 8 digits, no dash. */
    cep: text("cep").notNull(),
    street: text("street").notNull(),
    number: text("number").notNull(),
    complement: text("complement"),
    neighborhood: text("neighborhood").notNull(),
    city: text("city").notNull(),
    /** Two-letter UF. */
    state: text("state").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("addresses_user_id").on(t.userId, t.createdAt)],
);

/**
 * The customer's CPF, saved by their first order with one (issue 20, decision 033) and shown masked
 * on the next checkout. A table of its own, not a column of `users`: better-auth reads that row
 * into every session, and the CPF has no business in a session's answer.
 */
export const savedCpfs = pgTable(
  "saved_cpfs",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Eleven digits, check digits valid (checked by the checkout's schema before it gets here). */
    cpf: text("cpf").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("saved_cpfs_digits", sql`${t.cpf} ~ '^[0-9]{11}$'`)],
);
