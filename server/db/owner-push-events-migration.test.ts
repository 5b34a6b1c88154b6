import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { asc } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { createDatabase } from "#platform/db/client.ts";
import { pushSubscriptions } from "#platform/db/tables/push.ts";
import { OWNER_PUSH_EVENTS } from "#domain/push/push-events.ts";
import { migrationsFolder, runMigrations } from "#server/db/migrate.ts";
import { createEmptyDatabase, dropDatabase } from "#test/database.ts";

/*
 * Decision 082: the owner's devices saved when only two events existed (a paid order, a return) get
 * the events added since (stock, e-mail, label, invoice, health), keeping what they had; a device
 * that had turned paid orders off keeps them off; a customer's device gets no owner event.
 */

const LEGACY = `
insert into push_subscriptions (user_id, audience, endpoint, p256dh, auth, device_label, events) values
  ('dona', 'owner', 'https://push.example/tudo', 'k', 'a', 'Celular', '{order_paid,return_requested}'),
  ('dona', 'owner', 'https://push.example/so-devolucoes', 'k', 'a', 'Tablet', '{return_requested}'),
  ('cliente', 'customer', 'https://push.example/cliente', 'k', 'a', 'Celular da cliente', '{}');
`;

describe("the migration that gives the owner's devices the new push events", () => {
  it("gives the owner's existing devices the new events, keeps their choices, and leaves customers' devices alone", async () => {
    const folder = mkdtempSync(path.join(os.tmpdir(), "shop-migrations-"));
    const { name, url } = await createEmptyDatabase("owner_push_events_upgrade");
    const db = createDatabase(url, 1);
    try {
      cpSync(migrationsFolder(), folder, { recursive: true });
      const journalFile = path.join(folder, "meta", "_journal.json");
      const journal = JSON.parse(readFileSync(journalFile, "utf8")) as { entries: Array<{ tag: string }> };
      const bound = journal.entries.findIndex((entry) => entry.tag.endsWith("_owner_pushes_for_stock_email_and_health"));
      expect(bound).toBeGreaterThan(0);
      writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, bound) }));
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await migrate(drizzle(client), { migrationsFolder: folder });
        await client.query(LEGACY);
      } finally {
        await client.end();
      }

      await runMigrations(url);

      const rows = await db.select().from(pushSubscriptions).orderBy(asc(pushSubscriptions.deviceLabel));
      const added = ["stock_low", "email_failed", "label_refused", "invoice_refused", "health_red"];
      expect(rows.map((row) => [row.deviceLabel, row.events])).toEqual([
        ["Celular", ["order_paid", "return_requested", ...added]],
        ["Celular da cliente", []],
        ["Tablet", ["return_requested", ...added]],
      ]);
      // Every event the owner can choose today is reachable by an upgraded device.
      expect([...rows[0]!.events].sort()).toEqual([...OWNER_PUSH_EVENTS].sort());
    } finally {
      await db.$client.end();
      await dropDatabase(name);
      rmSync(folder, { recursive: true, force: true });
    }
  }, 60_000);
});
