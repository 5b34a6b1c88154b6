/**
 * A bucket of any S3-compatible store (AWS S3, Cloudflare R2, Magalu Cloud, MinIO) as the shop's
 * FileStorage (decision 051), through the official SDK.
 */
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import type { Config } from "#platform/config.ts";

const clients = new WeakMap<Config, S3Client>();

/** One client per configuration (it keeps its connections), built from the S3_* settings. */
export function s3ClientFor(config: Config): S3Client {
  let client = clients.get(config);
  if (!client) {
    client = new S3Client({
      endpoint: config.S3_ENDPOINT,
      region: config.S3_REGION,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
      credentials: { accessKeyId: config.S3_ACCESS_KEY_ID ?? "", secretAccessKey: config.S3_SECRET_ACCESS_KEY ?? "" },
      // Since SDK 3.729 every upload carries a CRC32 checksum and every download is checked against
      // one: R2, MinIO, Backblaze and others refused or mangled those. Only when an operation needs it.
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
      maxAttempts: 3,
      // The SDK waits forever by default: a store that stopped answering would hold the request.
      requestHandler: { connectionTimeout: 3000, requestTimeout: 15_000 },
    });
    clients.set(config, client);
  }
  return client;
}

/**
 * The store did not answer, or answered with an error of its own (5xx, refused credentials): the
 * edge answers 503, as for a database that is away, never 500.
 */
export class StorageUnavailableError extends Error {
  constructor(operation: string, cause: unknown) {
    super(`object storage: ${operation} failed`, { cause });
    this.name = "StorageUnavailableError";
  }
}

/** Sends `command`; any failure but "no such key" (left to `missing`) becomes a StorageUnavailableError. */
async function send<T>(operation: string, run: () => Promise<T>, missing?: () => T): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (missing && isMissing(error)) return missing();
    throw new StorageUnavailableError(operation, error);
  }
}

const isMissing = (error: unknown): boolean =>
  error instanceof S3ServiceException &&
  (error.name === "NoSuchKey" || error.name === "NotFound" || error.$metadata.httpStatusCode === 404);

/** A header value names the file in ASCII only (the store echoes it back to the browser). */
const attachment = (fileName: string) => `attachment; filename="${fileName.replace(/[^\w.-]/g, "_")}"`;

/** Structurally a FileStorage (file-storage.ts chooses it; importing that here would be a cycle). */
export class S3Storage {
  private readonly client: S3Client;
  readonly bucket: string;
  private readonly options: { publicUrl?: string; signedUrlSeconds: number };
  // Plain fields, not parameter properties: the scripts run this file with Node's type stripping.
  constructor(client: S3Client, bucket: string, options: { publicUrl?: string; signedUrlSeconds: number }) {
    this.client = client;
    this.bucket = bucket;
    this.options = options;
  }

  async put(key: string, body: Uint8Array, contentType: string): Promise<void> {
    // An object appears whole or not at all: S3 has no half-written reads.
    await send("put", () =>
      this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: body, ContentType: contentType })),
    );
  }

  async get(key: string): Promise<{ body: Uint8Array; contentType: string } | undefined> {
    return send(
      "get",
      async () => {
        const object = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
        const body = await object.Body!.transformToByteArray();
        return { body, contentType: object.ContentType ?? "application/octet-stream" };
      },
      () => undefined,
    );
  }

  async has(key: string): Promise<boolean> {
    return send(
      "head",
      async () => {
        await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
        return true;
      },
      () => false,
    );
  }

  async delete(key: string): Promise<void> {
    await send("delete", () => this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key })));
  }

  publicUrl(key: string): string | undefined {
    return this.options.publicUrl ? `${this.options.publicUrl.replace(/\/+$/, "")}/${key}` : undefined;
  }

  async signedDownloadUrl(key: string, fileName: string): Promise<string> {
    const command = new GetObjectCommand({
      Bucket: this.bucket,
      Key: key,
      ResponseContentDisposition: attachment(fileName),
      ResponseCacheControl: "private, no-store",
    });
    return getSignedUrl(this.client, command, { expiresIn: this.options.signedUrlSeconds });
  }
}
