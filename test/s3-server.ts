/**
 * An S3 emulator on loopback (the @20minutes/s3rver package, a maintained s3rver): the real SDK
 * speaks S3's wire format to it, with SigV4 signatures checked, presigned links' expiry included.
 * S3 is an internet service, so this is the allowed fake (decision 051).
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
// @ts-expect-error -- the package ships no types; only its constructor, run() and close() are used.
import S3rver from "@20minutes/s3rver";

export const S3_PUBLIC_BUCKET = "loja-fotos";
export const S3_PRIVATE_BUCKET = "loja-privado";

export type S3Emulator = {
  endpoint: string;
  /** The shop's settings for FILE_STORAGE=s3 against this emulator. */
  env: Record<string, string>;
  close(): Promise<void>;
};

export async function startS3Emulator(options: { publicUrl?: boolean; signedUrlSeconds?: number } = {}): Promise<S3Emulator> {
  const directory = await mkdtemp(path.join(tmpdir(), "loja-s3-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    vhostBuckets: false,
    configureBuckets: [{ name: S3_PUBLIC_BUCKET }, { name: S3_PRIVATE_BUCKET }],
  });
  const address = (await server.run()) as { port: number };
  const endpoint = `http://127.0.0.1:${address.port}`;
  const env: Record<string, string> = {
    FILE_STORAGE: "s3",
    S3_ENDPOINT: endpoint,
    S3_REGION: "us-east-1",
    S3_BUCKET: S3_PUBLIC_BUCKET,
    S3_PRIVATE_BUCKET,
    S3_FORCE_PATH_STYLE: "true",
    S3_ACCESS_KEY_ID: "S3RVER",
    S3_SECRET_ACCESS_KEY: "S3RVER",
  };
  if (options.publicUrl) env.S3_PUBLIC_URL = `${endpoint}/${S3_PUBLIC_BUCKET}`;
  if (options.signedUrlSeconds) env.S3_SIGNED_URL_SECONDS = String(options.signedUrlSeconds);
  return {
    endpoint,
    env,
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
