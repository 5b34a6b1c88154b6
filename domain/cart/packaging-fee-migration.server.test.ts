import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "#test/database.ts";
import { productUuid } from "#domain/catalog/product-slugs.ts";
import { normalizePackaging, type UnitType } from "#domain/cart/cart-rules.ts";

/*
 * Issue 15: migration 0008 rewrites every stored packaging to the one rule, reading the customer's
 * choice exactly as normalizePackaging (what the cart and the checkout price with) reads it. The
 * template database ran it on no lines, so the test writes lines as older code did and runs it again.
 */

const MIGRATION = readFileSync(new URL("../../platform/db/migrations/0008_normalise_packaging_fee.sql", import.meta.url), "utf8");

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => t?.close());

type Stored = { unitType: UnitType; quantity: number; metadata: unknown; productId?: string };

const LINES: Record<string, Stored> = {
  "legacy on, R$ 1,50 per sachet": { unitType: "gram", quantity: 60, metadata: { packaging_fee: true, packaging_fee_amount: 1.5 } },
  "legacy fee as an amount": { unitType: "gram", quantity: 60, metadata: { packaging_fee: 30, packaging_fee_amount: 1 } },
  "legacy off": { unitType: "gram", quantity: 60, metadata: { packaging_fee: false } },
  "legacy amount without the flag": { unitType: "gram", quantity: 60, metadata: { packaging_fee_amount: 2 } },
  "legacy flag as text": { unitType: "gram", quantity: 60, metadata: { packaging_fee: "true" } },
  "own fee of R$ 1,20": { unitType: "gram", quantity: 52, metadata: { packaging: { enabled: true, fee_amount: 120, sachet_count: 1 } } },
  "own fee of zero": { unitType: "gram", quantity: 60, metadata: { packaging: { enabled: true, fee_amount: 0, sachet_count: 0 } } },
  "enabled below 50 g": { unitType: "gram", quantity: 48, metadata: { packaging: { enabled: true, fee_amount: 100, sachet_count: 24 } } },
  "enabled on a unit line": {
    unitType: "unit",
    quantity: 60,
    metadata: { packaging: { enabled: true, fee_amount: 100, sachet_count: 30 } },
  },
  "no packaging at all": { unitType: "gram", quantity: 4, metadata: {} },
  "JSON null": { unitType: "gram", quantity: 60, metadata: null },
  "a gram line whose product is now sold by the unit": {
    unitType: "gram",
    quantity: 60,
    metadata: { packaging: { enabled: true, fee_amount: 100, sachet_count: 30 } },
    productId: productUuid(4),
  },
};

async function insertLines(): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  for (const [label, line] of Object.entries(LINES)) {
    // One cart per line: a cart holds one line per product.
    const cart = await t.db.$client.query<{ id: string }>("insert into carts (session_id) values (gen_random_uuid()) returning id");
    const row = await t.db.$client.query<{ id: string }>(
      `insert into cart_items (cart_id, product_id, product_name, quantity, unit_price_cents, total_price_cents, unit_type, metadata)
       values ($1, $2, $3, $4, 0, 0, $5, $6::jsonb) returning id`,
      [cart.rows[0]!.id, line.productId ?? crypto.randomUUID(), label, line.quantity, line.unitType, JSON.stringify(line.metadata)],
    );
    ids.set(label, row.rows[0]!.id);
  }
  return ids;
}

async function metadataOf(id: string): Promise<Record<string, unknown>> {
  const result = await t.db.$client.query<{ metadata: Record<string, unknown> }>("select metadata from cart_items where id = $1", [id]);
  return result.rows[0]!.metadata;
}

describe("migration 0008: one packaging fee", () => {
  it("keeps each line's choice as the cart reads it, with the shop's fee, and drops the legacy keys", async () => {
    const ids = await insertLines();
    await t.db.$client.query(MIGRATION);
    for (const [label, line] of Object.entries(LINES)) {
      // The cart prices a line by its product's unit as it is now (read-cart.server.ts).
      const unitType: UnitType = line.productId ? "unit" : line.unitType;
      const expected = normalizePackaging(line.metadata as Record<string, unknown> | null, unitType, line.quantity);
      expect(await metadataOf(ids.get(label)!), label).toEqual({ packaging: expected });
    }
    expect((await metadataOf(ids.get("legacy on, R$ 1,50 per sachet")!)).packaging).toEqual({
      enabled: true,
      fee_amount: 100,
      sachet_count: 30,
    });
  });

  it("leaves lines that already follow the rule, and the metadata's other keys, as they are", async () => {
    const cart = await t.db.$client.query<{ id: string }>("insert into carts (session_id) values (gen_random_uuid()) returning id");
    const metadata = { packaging: { enabled: true, fee_amount: 100, sachet_count: 30 }, origem: "teste" };
    const inserted = await t.db.$client.query<{ id: string }>(
      `insert into cart_items (cart_id, product_id, product_name, quantity, unit_price_cents, total_price_cents, unit_type, metadata)
       values ($1, $2, 'normal', 60, 0, 0, 'gram', $3::jsonb) returning id`,
      [cart.rows[0]!.id, productUuid(2), JSON.stringify(metadata)],
    );
    const again = await t.db.$client.query(MIGRATION);
    expect(again.rowCount).toBe(0);
    expect(await metadataOf(inserted.rows[0]!.id)).toEqual(metadata);
  });
});
