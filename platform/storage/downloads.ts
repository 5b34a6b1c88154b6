/**
 * Files customers download after paying (decision 030): `downloads/<name>` of the private file
 * storage, i.e. DATA_DIR/downloads/<name> on disk or the private bucket (decision 051), put there by
 * the shop's owner. Knows no shop concept.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { Config } from "#platform/config.ts";
import { privateFileStorageFor } from "#platform/storage/file-storage.ts";

/** Lower-case letters, digits, dashes and dots, one name, no folder: nothing that leaves the folder. */
const NAME = /^[a-z0-9][a-z0-9-]*(?:\.[a-z0-9]+)+$/;

export const downloadsFolder = (config: Pick<Config, "dataDir">) => path.join(config.dataDir, "downloads");

/** The storage key of a download's file. */
export const downloadKey = (name: string) => `downloads/${name}`;

const validName = (name: string) => NAME.test(name) && name.length <= 120;

/** The file's bytes, or undefined when it is not there (or the name is not a plain file name). */
export async function readDownloadFile(config: Config, name: string): Promise<Uint8Array | undefined> {
  if (!validName(name)) return undefined;
  if (config.FILE_STORAGE === "s3") return (await privateFileStorageFor(config).get(downloadKey(name)))?.body;
  // The disk keeps serving whatever kind of file the owner put there, as before the bucket.
  try {
    return new Uint8Array(await readFile(path.join(downloadsFolder(config), name)));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}

/** Writes (or replaces) a download's file in the private storage: DATA_DIR/downloads or the private bucket. */
export async function storeDownloadFile(config: Config, name: string, body: Uint8Array, contentType: string): Promise<void> {
  if (!validName(name)) throw new Error(`invalid download name: ${name}`);
  await privateFileStorageFor(config).put(downloadKey(name), body, contentType);
}

/** Whether the download's file is in the private storage (the disk or the bucket), without reading it. */
export async function hasDownloadFile(config: Config, name: string): Promise<boolean> {
  if (!validName(name)) return false;
  return privateFileStorageFor(config).has(downloadKey(name));
}

/**
 * How a buyer the shop has checked gets the file: a short-lived signed address of the bucket (the
 * bytes never pass through the shop), its bytes (the disk), or undefined when it is not there.
 */
export async function deliverDownloadFile(config: Config, name: string): Promise<{ url: string } | { body: Uint8Array } | undefined> {
  if (!validName(name)) return undefined;
  if (config.FILE_STORAGE === "s3") {
    const storage = privateFileStorageFor(config);
    if (!(await storage.has(downloadKey(name)))) return undefined;
    const url = await storage.signedDownloadUrl(downloadKey(name), name);
    if (url) return { url };
  }
  const body = await readDownloadFile(config, name);
  return body ? { body } : undefined;
}
