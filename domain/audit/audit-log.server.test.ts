import { readFileSync } from "node:fs";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { listAuditLog, recordAudit, scrubAuditEntries } from "#domain/audit/audit-log.server.ts";
import { AUDIT_PAGE_SIZE } from "#domain/audit/audit-schemas.ts";
import { buildOrder, makeCustomer } from "#test/builders.ts";
import { products } from "#platform/db/tables/catalog.ts";
import { coupons } from "#platform/db/tables/coupons.ts";
import { orders } from "#platform/db/tables/orders.ts";
import { setUpTestDatabase } from "#test/database.ts";

// The admins' audit log (decision 023): who changed what, kept with the change.
const t = setUpTestDatabase();
const query = (fields: { entityType?: string; entityId?: string; page?: number }) => ({ page: 1, ...fields });

describe("the audit log", () => {
  it("names the admin by e-mail, the command line by its label, and lists one entity's entries newest first", async () => {
    const admin = await makeCustomer(t.db, "Admin");
    const entityId = crypto.randomUUID();
    await recordAudit(t.db, {
      actorUserId: admin.id,
      action: "product.update",
      entityType: "product",
      entityId,
      before: { price: 1 },
      after: { price: 2 },
    });
    await recordAudit(t.db, { actorUserId: null, actorLabel: "linha de comando", action: "admin.create", entityType: "product", entityId });
    const { entries, hasMore } = await listAuditLog(t.db, query({ entityType: "product", entityId }));
    expect(hasMore).toBe(false);
    expect(entries.map((entry) => [entry.action, entry.actorEmail, entry.before, entry.after])).toEqual([
      ["admin.create", "linha de comando", null, null],
      ["product.update", admin.email, { price: 1 }, { price: 2 }],
    ]);
  });

  it("keeps nothing of a change whose transaction rolled back", async () => {
    const entityId = crypto.randomUUID();
    await expect(
      t.db.transaction(async (tx) => {
        await recordAudit(tx, { actorUserId: null, actorLabel: "teste", action: "coupon.create", entityType: "coupon", entityId });
        throw new Error("a mudança falhou");
      }),
    ).rejects.toThrow("a mudança falhou");
    expect((await listAuditLog(t.db, query({ entityId }))).entries).toEqual([]);
  });

  it("pages by AUDIT_PAGE_SIZE and says when more are left", async () => {
    const entityType = `pagina-${crypto.randomUUID()}`;
    for (let i = 0; i <= AUDIT_PAGE_SIZE; i++) {
      await recordAudit(t.db, { actorUserId: null, actorLabel: "teste", action: `a.${i}`, entityType, entityId: String(i) });
    }
    const first = await listAuditLog(t.db, query({ entityType }));
    expect([first.entries.length, first.hasMore]).toEqual([AUDIT_PAGE_SIZE, true]);
    const second = await listAuditLog(t.db, query({ entityType, page: 2 }));
    expect([second.entries.length, second.hasMore]).toEqual([1, false]);
  });

  it("scrubs a deleted customer's name from the entries about their orders, and only those", async () => {
    const [mine, other] = [crypto.randomUUID(), crypto.randomUUID()];
    for (const entityId of [mine, other]) {
      await recordAudit(t.db, {
        actorUserId: null,
        actorLabel: "teste",
        action: "order.cancel",
        entityType: "order",
        entityId,
        after: { reason: "Maria Silva desistiu", lines: ["Maria Silva"] },
      });
    }
    await t.db.transaction((tx) => scrubAuditEntries(tx, "order", [mine], (text) => text.replaceAll("Maria Silva", "[removido]")));
    const after = async (entityId: string) => (await listAuditLog(t.db, query({ entityId }))).entries[0]!.after;
    expect(await after(mine)).toEqual({ reason: "[removido] desistiu", lines: ["[removido]"] });
    expect(await after(other)).toEqual({ reason: "Maria Silva desistiu", lines: ["Maria Silva"] });
  });
});

describe("entries written before they named their entity (migration 0028)", () => {
  it("get the order's number, the product's name and the coupon's code from the back-fill", async () => {
    const { orderId, productId } = await buildOrder(t.db, { coupon: true });
    const [order] = await t.db.select({ number: orders.number }).from(orders).where(eq(orders.id, orderId));
    const [product] = await t.db.select({ name: products.name }).from(products).where(eq(products.id, productId));
    const [coupon] = await t.db
      .insert(coupons)
      .values({ code: `ANTIGO${Date.now().toString(36).toUpperCase()}`, kind: "free_shipping" })
      .returning();
    const old = { actorUserId: null, actorLabel: "antes da 0028", action: "x.update" };
    await recordAudit(t.db, { ...old, entityType: "order", entityId: orderId });
    await recordAudit(t.db, { ...old, entityType: "product", entityId: productId });
    await recordAudit(t.db, { ...old, entityType: "coupon", entityId: coupon!.id });

    // The migration's statements after its ALTER, as the migrator runs them.
    const migration = readFileSync("platform/db/migrations/0028_audit_entity_labels.sql", "utf8");
    for (const statement of migration.split("--> statement-breakpoint").slice(1)) await t.db.execute(sql.raw(statement));

    const labelOf = async (entityId: string) => (await listAuditLog(t.db, query({ entityId }))).entries[0]?.entityLabel;
    expect(await labelOf(orderId)).toBe(String(order!.number));
    expect(await labelOf(productId)).toBe(product!.name);
    expect(await labelOf(coupon!.id)).toBe(coupon!.code);
  });
});
