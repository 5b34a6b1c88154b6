import { sql } from "drizzle-orm";
import { boolean, check, index, pgEnum, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/*
 * Consents given and withdrawn (LGPD art. 8).
 * Owned by domain/consent/ (decision 048): only its files import this one; every other module goes
 * through its functions (.dependency-cruiser.js, rule `tables-owned-by-their-module`). Money is
 * integer cents (docs/requirements.md).
 */

/**
 * What a consent is about (LGPD art. 8): the age declaration and the terms (the age gate), and each
 * optional cookie purpose (the cookie preference dialog). Necessary cookies need no consent.
 */
/** `marketing_email`: the account's choice about reminder and offer e-mails (issue 19 item 5), not a cookie purpose. */
export const consentPurpose = pgEnum("consent_purpose", ["age", "terms", "analytics", "marketing", "marketing_email"]);

/**
 * Every consent given or withdrawn, kept on the server as the proof LGPD art. 8 §2 asks of the shop:
 * which purpose, granted or not, under which version of the text, when, and by whom (the account
 * when signed in, and the browser's own random id). Rows are only added, never changed.
 */
export const consentEvents = pgTable(
  "consent_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    purpose: consentPurpose("purpose").notNull(),
    granted: boolean("granted").notNull(),
    version: text("version").notNull(),
    userId: text("user_id"),
    browserId: uuid("browser_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("consent_events_user").on(t.userId, t.createdAt),
    index("consent_events_browser").on(t.browserId, t.createdAt),
    check("consent_events_someone", sql`${t.userId} is not null or ${t.browserId} is not null`),
  ],
);
