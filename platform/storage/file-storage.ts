/**
 * Where files the shop keeps live: the admin's product photos (public), the downloads sold and the
 * backups (private). The rest of the shop sees only this interface; `fileStorageFor` and
 * `privateFileStorageFor` are the one place that chooses the disk or a bucket (FILE_STORAGE,
 * decision 051).
 */
import { mkdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Config } from "#platform/config.ts";
import { S3Storage, s3ClientFor } from "#platform/storage/s3-storage.ts";

export type StoredFile = { body: Uint8Array; contentType: string };

export interface FileStorage {
  /** Writes the file under `key` ("products/abc-800.webp"); a reader never sees it half written. */
  put(key: string, body: Uint8Array, contentType: string): Promise<void>;
  /** The file, or undefined when there is none under that key (or the key is not a valid one). */
  get(key: string): Promise<StoredFile | undefined>;
  /** Whether a file is under `key`, without reading it. */
  has(key: string): Promise<boolean>;
  /** Removes the file; a missing one is not an error. */
  delete(key: string): Promise<void>;
  /** Where browsers read a public file themselves (a bucket's public URL or a CDN); undefined: the shop serves it. */
  publicUrl(key: string): string | undefined;
  /**
   * A short-lived address that downloads the file as `fileName`, for a caller the shop already
   * checked; undefined when the storage has none (the disk: the shop sends the bytes itself).
   */
  signedDownloadUrl(key: string, fileName: string): Promise<string | undefined>;
}

/** Lower-case letters, digits, dashes and dots in folder/name parts: nothing that can leave the root. */
const KEY = /^(?:[a-z0-9][a-z0-9-]*\/)*[a-z0-9][a-z0-9.-]*$/;
export const isValidStorageKey = (key: string): boolean => KEY.test(key) && !key.includes("..") && key.length <= 200;

const CONTENT_TYPES: Record<string, string> = {
  avif: "image/avif",
  webp: "image/webp",
  jpg: "image/jpeg",
  png: "image/png",
  pdf: "application/pdf",
  epub: "application/epub+zip",
  zip: "application/zip",
  dump: "application/octet-stream",
};

/** The type a file is served with, by its name's extension; undefined for a kind the shop never stores. */
export const contentTypeOf = (key: string): string | undefined => CONTENT_TYPES[key.slice(key.lastIndexOf(".") + 1)];

/** Files in a folder of the data directory (DATA_DIR/uploads): one machine, or a shared volume. */
export class DiskStorage implements FileStorage {
  readonly root: string;
  constructor(root: string) {
    this.root = root;
  }

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
    const contentType = contentTypeOf(key);
    if (!contentType) return undefined;
    try {
      return { body: await readFile(this.pathOf(key)), contentType };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT" || (error as NodeJS.ErrnoException).code === "EISDIR") return undefined;
      throw error;
    }
  }

  async has(key: string): Promise<boolean> {
    if (!isValidStorageKey(key)) return false;
    try {
      return (await stat(this.pathOf(key))).isFile();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return false;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  publicUrl(): undefined {
    return undefined;
  }

  async signedDownloadUrl(): Promise<undefined> {
    return undefined;
  }
}

const publicStorages = new WeakMap<Config, FileStorage>();
const privateStorages = new WeakMap<Config, FileStorage>();

function s3Settings(config: Config) {
  if (!config.S3_BUCKET) throw new Error("FILE_STORAGE=s3 needs S3_BUCKET");
  return { client: s3ClientFor(config), bucket: config.S3_BUCKET };
}

/**
 * The product photos (keys `products/<hash>-<size>.<format>`): DATA_DIR/uploads on disk, or the
 * root of S3_BUCKET, read by browsers at S3_PUBLIC_URL when it is set.
 */
export function fileStorageFor(config: Config): FileStorage {
  let storage = publicStorages.get(config);
  if (!storage) {
    if (config.FILE_STORAGE === "s3") {
      const { client, bucket } = s3Settings(config);
      storage = new S3Storage(client, bucket, { publicUrl: config.S3_PUBLIC_URL, signedUrlSeconds: config.S3_SIGNED_URL_SECONDS });
    } else storage = new DiskStorage(path.join(config.dataDir, "uploads"));
    publicStorages.set(config, storage);
  }
  return storage;
}

/**
 * What only the shop hands out (keys `downloads/<name>`, `backups/<name>`): DATA_DIR itself on disk
 * (so DATA_DIR/downloads is where the owner has always put the e-book), or S3_PRIVATE_BUCKET (else
 * S3_BUCKET), never behind the public URL.
 */
export function privateFileStorageFor(config: Config): FileStorage {
  let storage = privateStorages.get(config);
  if (!storage) {
    if (config.FILE_STORAGE === "s3") {
      const { client, bucket } = s3Settings(config);
      storage = new S3Storage(client, config.S3_PRIVATE_BUCKET ?? bucket, { signedUrlSeconds: config.S3_SIGNED_URL_SECONDS });
    } else storage = new DiskStorage(config.dataDir);
    privateStorages.set(config, storage);
  }
  return storage;
}
