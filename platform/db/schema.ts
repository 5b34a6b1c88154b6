/*
 * Every table at once, for the one thing that needs them all: the drizzle client
 * (platform/db/client.ts types `Database` with them). Each table lives in the file of the domain
 * module that owns it, platform/db/tables/<module>.ts (decision 048); code imports that file, never
 * this one (.dependency-cruiser.js, rule `schema-barrel-only-for-the-client`).
 */
export * from "#platform/db/tables/account.ts";
export * from "#platform/db/tables/audit.ts";
export * from "#platform/db/tables/auth.ts";
export * from "#platform/db/tables/cart.ts";
export * from "#platform/db/tables/catalog.ts";
export * from "#platform/db/tables/checkout.ts";
export * from "#platform/db/tables/connections.ts";
export * from "#platform/db/tables/consent.ts";
export * from "#platform/db/tables/coupons.ts";
export * from "#platform/db/tables/delivery.ts";
export * from "#platform/db/tables/email-queue.ts";
export * from "#platform/db/tables/labels.ts";
export * from "#platform/db/tables/maintenance.ts";
export * from "#platform/db/tables/notifications.ts";
export * from "#platform/db/tables/orders.ts";
export * from "#platform/db/tables/payments.ts";
export * from "#platform/db/tables/push.ts";
export * from "#platform/db/tables/referrals.ts";
export * from "#platform/db/tables/reviews.ts";
export * from "#platform/db/tables/settings.ts";
export * from "#platform/db/tables/shipping.ts";
