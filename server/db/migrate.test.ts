import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createEmptyDatabase, dropDatabase } from "#test/database.ts";
import { adminQuery } from "#test/postgres-admin.ts";
import { migrationsFolder, runMigrations } from "#server/db/migrate.ts";

const journal = JSON.parse(readFileSync(path.join(migrationsFolder(), "meta", "_journal.json"), "utf8")) as {
  entries: Array<{ tag: string }>;
};

const created: string[] = [];
afterAll(async () => {
  for (const name of created) await dropDatabase(name);
});

async function appliedMigrations(url: string) {
  const { rows } = await adminQuery<{ hash: string }>(url, "select hash from drizzle.__drizzle_migrations");
  return rows.map((row) => row.hash);
}

describe("runMigrations", () => {
  it("finds the committed migrations folder from the source tree", () => {
    expect(migrationsFolder()).toBe(path.resolve("platform/db/migrations"));
    expect(journal.entries.length).toBeGreaterThan(0);
  });

  it("creates the spec's tables on an empty database and is a no-op the second time", async () => {
    const { name, url } = await createEmptyDatabase("migrate");
    created.push(name);

    await runMigrations(url);
    await runMigrations(url);

    const { rows } = await adminQuery<{ table_name: string }>(
      url,
      "select table_name from information_schema.tables where table_schema = 'public'",
    );
    expect(rows.map((row) => row.table_name)).toEqual(
      expect.arrayContaining(["carts", "cart_items", "product_catalog", "notifications", "referral_links", "client_errors"]),
    );
    expect(await appliedMigrations(url)).toHaveLength(journal.entries.length);
  });

  it("lets instances that start together queue on the lock: each migration applied exactly once", async () => {
    const { name, url } = await createEmptyDatabase("migrate_race");
    created.push(name);

    await Promise.all(Array.from({ length: 4 }, () => runMigrations(url)));

    const hashes = await appliedMigrations(url);
    expect(hashes).toHaveLength(journal.entries.length);
    expect(new Set(hashes).size).toBe(hashes.length);
  });
});
