import { index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "#platform/db/tables/auth.ts";

/*
 * The audit log of the admins' changes.
 * Owned by domain/audit/ (decision 048): only its files import this one; every other module goes
 * through its functions (.dependency-cruiser.js, rule `tables-owned-by-their-module`). Money is
 * integer cents (docs/requirements.md).
 */

/**
 * Every change an admin makes (issue 17 item 8): who, when, what, and the entity's state before and
 * after, as the admin saw it. Kept when the admin's account goes (actor_user_id set null); the
 * actor's e-mail at the time stays in actor_email so the log still says who.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    actorUserId: text("actor_user_id").references(() => users.id, { onDelete: "set null" }),
    actorEmail: text("actor_email").notNull(),
    /** What was done, a stable code: "order.confirm_payment", "product.update", … */
    action: text("action").notNull(),
    /** What it was done to: "order", "product", "shipping_rate", "admin", … */
    entityType: text("entity_type").notNull(),
    entityId: text("entity_id").notNull(),
    /**
     * What a person calls the entity when its id is a UUID: the order's number ("10001"), the
     * product's name, the coupon's code. Read by the audit log's sentences; null when the id says it.
     */
    entityLabel: text("entity_label"),
    before: jsonb("before"),
    after: jsonb("after"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("audit_log_entity").on(t.entityType, t.entityId, t.createdAt), index("audit_log_created").on(t.createdAt)],
);
