import { randomBytes } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { expect, it } from "vitest";
import { migrationsFolder } from "#server/db/migrate.ts";
import { createEmptyDatabase, dropDatabase } from "#test/database.ts";

/** The search migration's first statement: the extensions, or a message saying what to install (decision 032). */
function extensionsStatement(): string {
  const file = readdirSync(migrationsFolder()).find((name) => name.endsWith("_search.sql"));
  return readFileSync(path.join(migrationsFolder(), file!), "utf8").split("--> statement-breakpoint")[0]!;
}

it("a PostgreSQL where the shop cannot create unaccent and pg_trgm stops the migration with a message naming what to install", async () => {
  const { name, url } = await createEmptyDatabase("extensoes");
  const role = `sem_extensoes_${randomBytes(4).toString("hex")}`;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // A role without CREATE on the database meets the same refusal as a server without contrib.
    await client.query(`create role ${role} nologin`);
    await client.query(`set role ${role}`);
    const refusal = await client.query(extensionsStatement()).then(
      () => null,
      (error: Error) => error.message,
    );
    expect(refusal).toMatch(/^A busca de produtos precisa das extensões unaccent e pg_trgm do PostgreSQL \(pacote postgresql-contrib\)/);
    expect(refusal).toContain("CREATE EXTENSION unaccent; CREATE EXTENSION pg_trgm;");
    expect(refusal).toMatch(/Erro do PostgreSQL: .*unaccent/);
  } finally {
    await client.query("reset role");
    await client.query(`drop role if exists ${role}`);
    await client.end();
    await dropDatabase(name);
  }
});
