import { asc, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { CATALOG } from "#domain/catalog/catalog-seed.ts";
import { productUuid } from "#domain/catalog/product-slugs.ts";
import { setUpTestDatabase } from "#test/database.ts";
import { products } from "#platform/db/tables/catalog.ts";
import { seed } from "#server/db/seed.ts";
import { productRows } from "#domain/catalog/catalog-seed.server.ts";

const t = setUpTestDatabase();

const count = async () => (await t.db.select({ n: sql<number>`count(*)::int` }).from(products))[0]!.n;

describe("seed: products", () => {
  it("writes the fifteen catalogue entries, every field, in the spec's order", async () => {
    const rows = await t.db.select().from(products).orderBy(asc(products.sortOrder));
    expect(rows).toHaveLength(15);
    expect(rows.map((row) => row.numericId)).toEqual([101, 102, 103, 3, 2, 1, 4, 5, 6, 7, 8, 9, 201, 202, 203]);
    const expected = productRows();
    for (const [index, row] of rows.entries()) {
      const { createdAt: _created, updatedAt: _updated, ...stored } = row;
      // The review counters start at zero (the moderation keeps them, decision 029), not in the seed;
      // the previous shop's figures are shown until the owner hides them (decision 057); listed, with
      // no weight or sizes of their own (the category's estimate, decision 061).
      const owned = { importedRatingShown: true, visibility: "listed", weightGrams: null, lengthCm: null, widthCm: null, heightCm: null };
      expect(stored).toEqual({ ...expected[index], reviewCount: 0, reviewStarsSum: 0, ...owned });
    }
    const [golden] = rows.filter((row) => row.numericId === 1);
    expect(golden).toMatchObject({ id: productUuid(1), buttonDisabled: true, unitType: "gram", priceCents: null });
  });

  it("is idempotent and never overwrites what an admin changed", async () => {
    const id = productUuid(4);
    await t.db
      .update(products)
      .set({ name: "Cultura Líquida GT (nova)", priceCents: 99_90, badge: null, stock: 3, ratingAverage: 4.75 })
      .where(eq(products.id, id));

    await seed(t.db);
    await seed(t.db);

    expect(await count()).toBe(15);
    const [row] = await t.db.select().from(products).where(eq(products.id, id));
    expect(row).toMatchObject({ name: "Cultura Líquida GT (nova)", priceCents: 9990, badge: null, stock: 3, ratingAverage: 4.75 });
  });

  it("puts back a product row that went missing, without touching the others", async () => {
    await t.db.delete(products).where(eq(products.id, productUuid(203)));
    expect(await count()).toBe(14);

    await seed(t.db);

    expect(await count()).toBe(15);
    const [restored] = await t.db
      .select()
      .from(products)
      .where(eq(products.id, productUuid(203)));
    expect(restored?.name).toBe(CATALOG.find((entry) => entry.id === 203)!.name);
    const [edited] = await t.db
      .select()
      .from(products)
      .where(eq(products.id, productUuid(4)));
    expect(edited?.name).toBe("Cultura Líquida GT (nova)");
  });

  it("lets seeds racing on one database (instances starting together) end with fifteen rows", async () => {
    await t.db.delete(products);
    await Promise.all([seed(t.db), seed(t.db), seed(t.db)]);
    expect(await count()).toBe(15);
  });

  it("refuses rows that break the pricing rules (database constraints)", async () => {
    await expect(
      t.db
        .update(products)
        .set({ priceCents: 100 })
        .where(eq(products.id, productUuid(2))),
    ).rejects.toThrow();
    await expect(
      t.db
        .update(products)
        .set({ priceCents: null })
        .where(eq(products.id, productUuid(4))),
    ).rejects.toThrow();
    await expect(
      t.db
        .update(products)
        .set({ stock: -1 })
        .where(eq(products.id, productUuid(4))),
    ).rejects.toThrow();
  });
});
