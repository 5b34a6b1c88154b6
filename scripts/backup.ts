// `npm run backup [-- FILE]`: a pg_dump custom-format backup of the whole database (DATABASE_URL or
// the embedded PostgreSQL of DATA_DIR), the same file as the panel's download; by default
// ./backups/loja-backup-AAAA-MM-DD-HHMM.dump. Restore it with `npm run restore -- FILE` (decision 026).
// `npm run backup -- --bucket [FILE]` also copies it to `backups/<name>` of the private bucket
// (FILE_STORAGE=s3, decision 051), off this machine.
import { createWriteStream } from "node:fs";
import { mkdir, readFile, rename, rm } from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { BackupError, backupFileName, startDump } from "../platform/db/backup.ts";
import { PgToolMissingError } from "../platform/db/pg-tools.ts";
import { ConfigError, loadConfig } from "../platform/config.ts";
import { privateFileStorageFor } from "../platform/storage/file-storage.ts";
import { openShopDatabase } from "./shop-database.ts";

const toBucket = process.argv.includes("--bucket");
const named = process.argv.slice(2).filter((argument) => argument !== "--bucket")[0];
const fileName = backupFileName();
const target = path.resolve(named ?? path.join("backups", fileName));
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
  if (toBucket) {
    if (config.FILE_STORAGE !== "s3")
      throw new BackupError("--bucket copia o backup para o bucket: defina FILE_STORAGE=s3 e as variáveis S3_*.");
    const key = `backups/${fileName}`;
    // Read whole: a small shop's dump is megabytes; PutObject needs its length up front.
    await privateFileStorageFor(config).put(key, new Uint8Array(await readFile(target)), "application/octet-stream");
    console.log(`Backup copiado para o bucket: ${key}`);
  }
} catch (error) {
  await rm(partial, { force: true });
  const known = error instanceof BackupError || error instanceof PgToolMissingError || error instanceof ConfigError;
  console.error(known ? (error as Error).message : error);
  process.exitCode = 1;
} finally {
  await database?.close();
}
