/**
 * `npm run files:migrate` (decision 051): copies what FILE_STORAGE=disk kept under DATA_DIR into the
 * buckets of FILE_STORAGE=s3, under the same keys, so switching a running shop to a bucket loses no
 * photo or download. Copies, checks each copy is there, and leaves the disk as it was (the owner
 * deletes it once the shop serves from the bucket): run twice, it copies the same files again.
 */
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import type { Config } from "#platform/config.ts";
import {
  contentTypeOf,
  fileStorageFor,
  isValidStorageKey,
  privateFileStorageFor,
  type FileStorage,
} from "#platform/storage/file-storage.ts";

export type MigrationReport = { copied: string[]; skipped: string[] };

/** Every file under `folder`, as keys relative to it ("products/abc-800.webp"); none when it does not exist. */
async function keysUnder(folder: string): Promise<string[]> {
  try {
    const entries = await readdir(folder, { recursive: true, withFileTypes: true });
    return entries
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
}

async function copyFolder(folder: string, prefix: string, target: FileStorage, report: MigrationReport): Promise<void> {
  for (const relative of await keysUnder(folder)) {
    const key = `${prefix}${relative}`;
    const type = contentTypeOf(key);
    // A half-written file (.tmp) or a name the shop would never serve stays behind, and is named.
    if (!isValidStorageKey(key) || !type) {
      report.skipped.push(path.join(folder, relative));
      continue;
    }
    await target.put(key, new Uint8Array(await readFile(path.join(folder, relative))), type);
    if (!(await target.has(key))) throw new Error(`${key}: the bucket does not show the file just written`);
    report.copied.push(key);
  }
}

export async function migrateFilesToBucket(config: Config): Promise<MigrationReport> {
  if (config.FILE_STORAGE !== "s3") throw new Error("files:migrate copia para o bucket: defina FILE_STORAGE=s3 e as variáveis S3_*.");
  const report: MigrationReport = { copied: [], skipped: [] };
  await copyFolder(path.join(config.dataDir, "uploads"), "", fileStorageFor(config), report);
  await copyFolder(path.join(config.dataDir, "downloads"), "downloads/", privateFileStorageFor(config), report);
  return report;
}
