/**
 * Where files the shop makes at run time live (the admin's product images). The rest of the shop
 * sees only this interface, so an object store (S3, R2…) can replace the disk by implementing it;
 * `fileStorageFor` is the one place that chooses.
 */
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Config } from "#platform/config.ts";

export type StoredFile = { body: Uint8Array; contentType: string };

export interface FileStorage {
  /** Writes the file under `key` ("products/abc-800.webp"); a reader never sees it half written. */
  put(key: string, body: Uint8Array, contentType: string): Promise<void>;
  /** The file, or undefined when there is none under that key (or the key is not a valid one). */
  get(key: string): Promise<StoredFile | undefined>;
  /** Removes the file; a missing one is not an error. */
  delete(key: string): Promise<void>;
}

/** Lower-case letters, digits, dashes and dots in folder/name parts: nothing that can leave the root. */
const KEY = /^(?:[a-z0-9][a-z0-9-]*\/)*[a-z0-9][a-z0-9.-]*$/;
export const isValidStorageKey = (key: string): boolean => KEY.test(key) && !key.includes("..") && key.length <= 200;

const CONTENT_TYPES: Record<string, string> = {
  avif: "image/avif",
  webp: "image/webp",
  jpg: "image/jpeg",
  png: "image/png",
};

/** Files in a folder of the data directory (DATA_DIR/uploads): one machine, or a shared volume. */
export class DiskStorage implements FileStorage {
  constructor(readonly root: string) {}

  private pathOf(key: string): string {
    if (!isValidStorageKey(key)) throw new Error(`invalid storage key: ${key}`);
    return path.join(this.root, key);
  }

  /** The type is not stored: the disk serves a file by its name's extension (CONTENT_TYPES). */
  async put(key: string, body: Uint8Array, _contentType: string): Promise<void> {
    const file = this.pathOf(key);
    await mkdir(path.dirname(file), { recursive: true });
    // Written aside, then renamed: a request never reads a file that is still being written.
    const temporary = `${file}.${process.pid}.${Date.now()}.tmp`;
    await writeFile(temporary, body);
    await rename(temporary, file);
  }

  async get(key: string): Promise<StoredFile | undefined> {
    if (!isValidStorageKey(key)) return undefined;
    const contentType = CONTENT_TYPES[key.slice(key.lastIndexOf(".") + 1)];
    if (!contentType) return undefined;
    try {
      return { body: await readFile(this.pathOf(key)), contentType };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT" || (error as NodeJS.ErrnoException).code === "EISDIR") return undefined;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }
}

const storages = new WeakMap<Config, FileStorage>();

/** The shop's file storage for this configuration: today DATA_DIR/uploads on disk. */
export function fileStorageFor(config: Config): FileStorage {
  let storage = storages.get(config);
  if (!storage) {
    storage = new DiskStorage(path.join(config.dataDir, "uploads"));
    storages.set(config, storage);
  }
  return storage;
}
