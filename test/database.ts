import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, inject } from "vitest";
import { loadConfig } from "#platform/config.ts";
import { createDatabase, type Database } from "#platform/db/client.ts";
import type { AppServices } from "#platform/services.ts";
import { createLogger } from "#platform/logger.ts";
import { adminQuery, ident, withDatabase } from "#test/postgres-admin.ts";

export type TestDatabase = {
  name: string;
  url: string;
  db: Database;
  services: AppServices;
  /** Closes the pool and drops the database. */
  close(): Promise<void>;
};

type Env = Record<string, string | undefined>;

export function serverUrl(): string {
  return inject("databaseServerUrl");
}

/** A unique database name of this run (teardown drops whatever tests forget). */
export function uniqueDatabaseName(label = "db"): string {
  return `${inject("databasePrefix")}_${label}_${randomBytes(4).toString("hex")}`;
}

/** Configuration as the shop would parse it, quiet, with the given overrides. */
export function testConfig(env: Env = {}) {
  return loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", ...env });
}

/** What createApp() needs: a test config, a silent logger and the given database. */
export function testServices(db: Database, env: Env = {}): AppServices {
  const config = testConfig(env);
  return { config, db, logger: createLogger(config.LOG_LEVEL) };
}

export async function dropDatabase(name: string): Promise<void> {
  await adminQuery(serverUrl(), `drop database if exists ${ident(name)} with (force)`);
}

/** An empty database (no tables), e.g. to run migrations on; the caller drops it. */
export async function createEmptyDatabase(label = "empty"): Promise<{ name: string; url: string }> {
  const name = uniqueDatabaseName(label);
  await adminQuery(serverUrl(), `create database ${ident(name)}`);
  return { name, url: withDatabase(serverUrl(), name) };
}

/**
 * A database of its own for one test file, cloned from the migrated and seeded template.
 * Call in beforeAll and close() in afterAll.
 */
export async function createTestDatabase(options: { env?: Env } = {}): Promise<TestDatabase> {
  const name = uniqueDatabaseName("file");
  await adminQuery(serverUrl(), `create database ${ident(name)} template ${ident(inject("templateDatabase"))}`);
  const url = withDatabase(serverUrl(), name);
  const db = createDatabase(url, 4);
  const services = testServices(db, { DATABASE_URL: url, ...options.env });
  return {
    name,
    url,
    db,
    services,
    async close() {
      await db.$client.end();
      await dropDatabase(name);
    },
  };
}

/**
 * A database of this test file's own, created in a beforeAll and closed (and dropped) in an
 * afterAll. Call it at the top of the file; its fields can be read from the first test or hook on.
 */
export function setUpTestDatabase(options: { env?: Env } = {}): Omit<TestDatabase, "close"> {
  let current: TestDatabase | undefined;
  beforeAll(async () => {
    current = await createTestDatabase(options);
  });
  afterAll(async () => {
    await current?.close();
  });
  const database = (): TestDatabase => {
    if (!current) throw new Error("setUpTestDatabase: the database exists from its beforeAll on");
    return current;
  };
  return {
    get name() {
      return database().name;
    },
    get url() {
      return database().url;
    },
    get db() {
      return database().db;
    },
    get services() {
      return database().services;
    },
  };
}
