// `npm run backup [-- FILE]`: a pg_dump custom-format backup of the whole database (DATABASE_URL or
// the embedded PostgreSQL of DATA_DIR), the same file as the panel's download; by default
// ./backups/loja-backup-AAAA-MM-DD-HHMM.dump. Restore it with `npm run restore -- FILE` (decision 026).
import { createWriteStream } from "node:fs";
import { mkdir, rename, rm } from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { BackupError, backupFileName, startDump } from "../platform/db/backup.ts";
import { PgToolMissingError } from "../platform/db/pg-tools.ts";
import { ConfigError, loadConfig } from "../platform/config.ts";
import { openShopDatabase } from "./shop-database.ts";

const target = path.resolve(process.argv[2] ?? path.join("backups", backupFileName()));
const partial = `${target}.parcial`;
let database: Awaited<ReturnType<typeof openShopDatabase>> | undefined;
try {
  const config = loadConfig();
  database = await openShopDatabase(config);
  await mkdir(path.dirname(target), { recursive: true });
  const dump = await startDump(database.url, { binDir: config.PG_BIN_DIR });
  // Written aside and renamed when complete: a backup file that exists is a whole backup.
  await pipeline(dump, createWriteStream(partial, { mode: 0o600 }));
  await rename(partial, target);
  console.log(`Backup gravado em ${target}`);
} catch (error) {
  await rm(partial, { force: true });
  const known = error instanceof BackupError || error instanceof PgToolMissingError || error instanceof ConfigError;
  console.error(known ? (error as Error).message : error);
  process.exitCode = 1;
} finally {
  await database?.close();
}
