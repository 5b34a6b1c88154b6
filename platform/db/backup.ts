/**
 * Backups of the whole database (issue 18 item 7, decision 026): `pg_dump --format=custom` of the
 * server's own major version, streamed as it is written, and its restore into an empty database
 * with `pg_restore` in one transaction (all or nothing). The same code serves the admin's download
 * (GET /api/admin/backup) and `npm run backup` / `npm run restore -- FILE`.
 */
import { spawn } from "node:child_process";
import { open } from "node:fs/promises";
import { PassThrough, type Readable } from "node:stream";
import pg from "pg";
import { findPgTool, PgToolMissingError, serverVersion } from "#platform/db/pg-tools.ts";

/** A backup or restore that could not be done, with the reason in Portuguese for the operator. */
export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "BackupError";
  }
}

/** Every custom-format dump starts with these bytes. */
export const DUMP_MAGIC = "PGDMP";

/**
 * The URL without its password (which would show in `ps`) and the password as PGPASSWORD: what a
 * PostgreSQL command-line tool needs to reach the database at `url`. A Unix-socket URL
 * (`postgresql://postgres@%2Fpath%2Fto%2Fdir:5432/shop`, the embedded server) works as it is.
 */
export function toolConnection(url: string): { dbname: string; env: Record<string, string> } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = "";
  return { dbname: parsed.toString(), env: password ? { PGPASSWORD: password } : {} };
}

/** "loja-backup-2026-11-25-1430.dump": the shop's date and time (Brasília), sortable. */
export function backupFileName(now = new Date()): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-CA", {
      timeZone: "America/Sao_Paulo",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    })
      .formatToParts(now)
      .map((part) => [part.type, part.value]),
  );
  return `loja-backup-${parts.year}-${parts.month}-${parts.day}-${parts.hour}${parts.minute}.dump`;
}

const lastLines = (text: string) => text.trim().split("\n").slice(-5).join(" ").slice(0, 800);

/**
 * Starts `pg_dump --format=custom` of the database at `url` and resolves once it has written its
 * first bytes (so a refusal, a wrong password or a missing tool is an error here, before anything
 * is sent). The stream ends when the dump is complete, or fails if pg_dump fails later: a cut
 * download is never mistaken for a whole backup. Destroying the stream stops pg_dump.
 */
export async function startDump(url: string, options: { binDir?: string } = {}): Promise<Readable> {
  const { major } = await serverVersion(url);
  const pgDump = await findPgTool("pg_dump", major, options);
  const { dbname, env } = toolConnection(url);
  const child = spawn(pgDump, ["--format=custom", "--no-password", `--dbname=${dbname}`], {
    env: { ...process.env, ...env, PGAPPNAME: "loja-backup" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-10_000);
  });
  const closed = new Promise<number | null>((resolve) => child.once("close", (code) => resolve(code)));
  const spawnError = new Promise<Error>((resolve) => child.once("error", resolve));

  const out = new PassThrough();
  child.stdout.pipe(out, { end: false });
  void closed.then((code) => {
    if (code === 0) out.end();
    else out.destroy(new BackupError(`O pg_dump falhou (código ${code}): ${lastLines(stderr)}`));
  });
  out.once("close", () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
  });

  const started = await Promise.race([
    new Promise<"data">((resolve) => child.stdout.once("readable", () => resolve("data"))),
    closed.then((code) => (code === 0 ? ("data" as const) : code)),
    spawnError,
  ]);
  if (started !== "data") {
    out.destroy();
    const reason = started instanceof Error ? started.message : `código ${started}: ${lastLines(stderr)}`;
    throw new BackupError(`O pg_dump não conseguiu fazer o backup (${reason}).`);
  }
  return out;
}

/** Tables, views and sequences outside PostgreSQL's own schemas, and schemas besides public. */
export async function userObjectCount(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    const { rows } = await client.query<{ count: string }>(`
      select (
        select count(*) from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where c.relkind in ('r', 'p', 'v', 'm', 'S', 'f')
          and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg_toast%' and n.nspname not like 'pg_temp%'
      ) + (
        select count(*) from pg_namespace
        where nspname not in ('public', 'pg_catalog', 'information_schema') and nspname not like 'pg_toast%' and nspname not like 'pg_temp%'
      ) as count`);
    return Number(rows[0]!.count);
  } finally {
    await client.end().catch(() => {});
  }
}

/** Whether `file` starts as a custom-format dump does. */
async function isCustomDump(file: string): Promise<boolean> {
  const handle = await open(file, "r").catch(() => null);
  if (!handle) throw new BackupError(`Arquivo não encontrado ou sem permissão de leitura: ${file}`);
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(DUMP_MAGIC.length), 0, DUMP_MAGIC.length, 0);
    return bytesRead === DUMP_MAGIC.length && buffer.toString("latin1") === DUMP_MAGIC;
  } finally {
    await handle.close();
  }
}

/**
 * Restores the dump `file` into the database at `url`, which must be empty: a restore never mixes
 * a backup with other data. One transaction: a failure leaves the database as empty as it was.
 * Owners and grants are not restored (the target's role owns everything), so a backup of one
 * server restores on another with other roles.
 */
export async function restoreDump(url: string, file: string, options: { binDir?: string } = {}): Promise<void> {
  if (!(await isCustomDump(file))) {
    throw new BackupError(`${file} não é um backup da loja: o arquivo deve ser um dump do pg_dump no formato custom (começa com PGDMP).`);
  }
  const objects = await userObjectCount(url);
  if (objects > 0) {
    throw new BackupError(
      `O banco de destino não está vazio (${objects} ${objects === 1 ? "objeto" : "tabelas, sequências ou esquemas"}). ` +
        "A restauração só grava num banco vazio, para não misturar o backup com outros dados: crie um banco novo e aponte " +
        "DATABASE_URL para ele, ou, com o PostgreSQL embutido, pare a loja, mova a pasta DATA_DIR/postgres para outro lugar e rode de novo.",
    );
  }
  const { major } = await serverVersion(url);
  const pgRestore = await findPgTool("pg_restore", major, options);
  const { dbname, env } = toolConnection(url);
  const child = spawn(
    pgRestore,
    ["--no-password", "--no-owner", "--no-privileges", "--single-transaction", "--exit-on-error", `--dbname=${dbname}`, file],
    { env: { ...process.env, ...env, PGAPPNAME: "loja-restore" }, stdio: ["ignore", "ignore", "pipe"] },
  );
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-10_000);
  });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once("error", reject);
    child.once("close", resolve);
  });
  if (code !== 0) throw new BackupError(`O pg_restore falhou (código ${code}); nada foi gravado: ${lastLines(stderr)}`);
}

export type BackupTools = { available: true; version: string } | { available: false; reason: string };

/** Whether a backup can be taken and restored here, for the panel to say before the admin clicks. */
export async function backupTools(url: string, options: { binDir?: string } = {}): Promise<BackupTools> {
  try {
    const { major, version } = await serverVersion(url);
    await findPgTool("pg_dump", major, options);
    await findPgTool("pg_restore", major, options);
    return { available: true, version };
  } catch (error) {
    if (error instanceof PgToolMissingError) return { available: false, reason: error.sentence };
    throw error;
  }
}
