import { readFileSync, rmSync } from "node:fs";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { createDatabase } from "#platform/db/client.ts";
import { startEmbeddedPostgres, type EmbeddedPostgres } from "#server/db/embedded-postgres.ts";
import { runMigrations } from "#server/db/migrate.ts";
import { seed } from "#server/db/seed.ts";
import { createLogger } from "#platform/logger.ts";
import { adminQuery, dropDatabasesWithPrefix, ident, withDatabase } from "#test/postgres-admin.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** URL of the test server's maintenance database; clone and drop databases through it. */
    databaseServerUrl: string;
    /** Migrated and seeded database that every test file clones. */
    templateDatabase: string;
    /** Every database this run creates starts with it, so teardown can drop them all. */
    databasePrefix: string;
  }
}

const SIGNALS = ["SIGINT", "SIGTERM"] as const;

function waitForExitSync(pid: number, limitMs: number): void {
  const pause = new Int32Array(new SharedArrayBuffer(4));
  for (const deadline = Date.now() + limitMs; Date.now() < deadline;) {
    try {
      process.kill(pid, 0);
    } catch {
      return; // gone
    }
    Atomics.wait(pause, 0, 0, 20);
  }
}

/**
 * One PostgreSQL for the whole run: TEST_DATABASE_URL if set, otherwise the shop's own embedded
 * PostgreSQL in a fresh temporary folder. The real migrations and seed build a template database
 * that each test file clones (CREATE DATABASE … TEMPLATE copies files: milliseconds).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const prefix = `shop_test_${process.pid}_${Date.now().toString(36)}`;
  const template = `${prefix}_template`;
  let embedded: EmbeddedPostgres | undefined;
  let tempDir: string | undefined;
  let serverUrl: string | undefined;

  // On Ctrl-C or a CI timeout Vitest exits 1 ms after the signal without running teardown, and
  // PostgreSQL is a daemon of its own: stop it (SIGQUIT: immediate shutdown) and remove its
  // folder synchronously, before Vitest exits.
  const onSignal = () => {
    if (!tempDir) return;
    try {
      const pid = Number(readFileSync(path.join(tempDir, "postgres", "postmaster.pid"), "utf8").split("\n")[0]);
      if (pid > 0) {
        process.kill(pid, "SIGQUIT");
        waitForExitSync(pid, 3000);
      }
    } catch {
      // not running
    }
    rmSync(tempDir, { recursive: true, force: true, maxRetries: 3 });
  };
  for (const signal of SIGNALS) process.once(signal, onSignal);

  const teardown = async () => {
    for (const signal of SIGNALS) process.off(signal, onSignal);
    try {
      if (serverUrl) await dropDatabasesWithPrefix(serverUrl, prefix);
    } finally {
      await embedded?.stop();
      if (tempDir) await fs.rm(tempDir, { recursive: true, force: true });
    }
  };

  try {
    if (process.env.TEST_DATABASE_URL) {
      serverUrl = process.env.TEST_DATABASE_URL;
    } else {
      tempDir = await fs.mkdtemp(path.join(os.tmpdir(), "shop-test-"));
      // As root PostgreSQL runs as 'postgres', which must be able to enter the folder.
      await fs.chmod(tempDir, 0o755);
      embedded = await startEmbeddedPostgres({ dataDir: tempDir, logger: createLogger("silent") });
      serverUrl = embedded.urlFor("postgres");
      // A throwaway cluster: durability buys nothing here, and fsync makes every clone slow.
      await adminQuery(
        serverUrl,
        "alter system set fsync = off",
        "alter system set synchronous_commit = off",
        "alter system set full_page_writes = off",
        "select pg_reload_conf()",
      );
    }

    await adminQuery(serverUrl, `create database ${ident(template)}`);
    const templateUrl = withDatabase(serverUrl, template);
    await runMigrations(templateUrl);
    const db = createDatabase(templateUrl, 1);
    try {
      await seed(db);
    } finally {
      await db.$client.end();
    }
    // No one may connect to the template: CREATE DATABASE … TEMPLATE fails while anyone is.
    await adminQuery(serverUrl, `alter database ${ident(template)} with is_template true allow_connections false`);
  } catch (error) {
    await teardown();
    throw error;
  }

  project.provide("databaseServerUrl", serverUrl);
  project.provide("templateDatabase", template);
  project.provide("databasePrefix", prefix);
  return teardown;
}
