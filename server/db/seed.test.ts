import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { PRODUCT_SLUGS, productUuid } from "#domain/catalog/product-slugs.ts";
import { setUpTestDatabase } from "#test/database.ts";
import { productCatalog } from "#platform/db/tables/catalog.ts";
import { seed } from "#server/db/seed.ts";

const t = setUpTestDatabase();

const count = async () => (await t.db.select({ n: sql<number>`count(*)::int` }).from(productCatalog))[0]!.n;

describe("seed", () => {
  it("fills product_catalog with the fifteen products under their fixed UUIDs", async () => {
    await t.db.delete(productCatalog);
    await seed(t.db);
    const rows = await t.db.select({ id: productCatalog.id }).from(productCatalog);
    expect(rows.map((row) => row.id).sort()).toEqual(Object.keys(PRODUCT_SLUGS).map(Number).map(productUuid).sort());
  });

  it("is idempotent: two more runs leave fifteen rows and keep the image an admin set", async () => {
    const id = productUuid(4);
    await t.db.update(productCatalog).set({ image: "/uploads/cultura-gt.webp" }).where(eq(productCatalog.id, id));

    await seed(t.db);
    await seed(t.db);

    expect(await count()).toBe(15);
    const [row] = await t.db.select().from(productCatalog).where(eq(productCatalog.id, id));
    expect(row?.image).toBe("/uploads/cultura-gt.webp");
  });

  it("puts back a product row that went missing, without touching the others", async () => {
    const kept = productUuid(101);
    await t.db.update(productCatalog).set({ image: "/uploads/consultoria.webp" }).where(eq(productCatalog.id, kept));
    await t.db.delete(productCatalog).where(eq(productCatalog.id, productUuid(203)));

    await seed(t.db);

    expect(await count()).toBe(15);
    const [row] = await t.db.select().from(productCatalog).where(eq(productCatalog.id, kept));
    expect(row?.image).toBe("/uploads/consultoria.webp");
  });
});
