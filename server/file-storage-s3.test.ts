import { execFile } from "node:child_process";
import { mkdir, mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signDownloadLink } from "#domain/delivery/download-links.server.ts";
import { productUuid } from "#domain/catalog/product-slugs.ts";
import type { ProductImagesView } from "#domain/catalog/product-image-schemas.ts";
import type { GoLiveReport } from "#domain/settings/go-live-rules.ts";
import { loadConfig } from "#platform/config.ts";
import { fileStorageFor, privateFileStorageFor } from "#platform/storage/file-storage.ts";
import { createApp } from "#server/http/app.ts";
import { Browser, createAuthTestContext, uniqueEmail, type AuthTestContext } from "#test/auth-helpers.ts";
import { testServices } from "#test/database.ts";
import { orderWithoutShipping } from "#test/builders.ts";
import { samplePhoto } from "#test/sample-images.ts";
import { ensurePgClient } from "#test/pg-client.ts";
import { startS3Emulator, type S3Emulator } from "#test/s3-server.ts";
import { root } from "#test/shop-process.ts";

/*
 * Issue 29 item 1 (decision 051): with FILE_STORAGE=s3 the product photos, the e-book and the
 * files `npm run files:migrate` copies live in a bucket, spoken to by the real AWS SDK against an
 * S3 emulator on loopback that checks SigV4 signatures and the expiry of signed links. Each
 * instance here has a DATA_DIR of its own, as two machines would: nothing is shared but the
 * database and the bucket.
 */

const KIT = 4;
const EBOOK = 202;
const SIGNED_SECONDS = 2;

let s3: S3Emulator;
let ctx: AuthTestContext;
let admin: Browser;
let dirs: string[] = [];
/** A second instance on the same database, with its own DATA_DIR. */
let other: ReturnType<typeof createApp>;
/** A third, whose photos are read by browsers at the bucket's public URL. */
let behindPublicUrl: ReturnType<typeof createApp>;

async function dataDir(label: string): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), `loja-s3-${label}-`));
  dirs.push(dir);
  return dir;
}

beforeAll(async () => {
  s3 = await startS3Emulator({ signedUrlSeconds: SIGNED_SECONDS });
  ctx = await createAuthTestContext({ DATA_DIR: await dataDir("a"), ...s3.env });
  const adminEmail = uniqueEmail("admin-bucket");
  await ctx.makeAdmin(adminEmail);
  admin = await ctx.customer(adminEmail, new Browser("203.0.113.230"));
  const shared = { DATABASE_URL: ctx.t.url, ...s3.env };
  other = createApp(testServices(ctx.t.db, { ...shared, DATA_DIR: await dataDir("b") }));
  behindPublicUrl = createApp(
    testServices(ctx.t.db, { ...shared, DATA_DIR: await dataDir("c"), S3_PUBLIC_URL: `${s3.env.S3_ENDPOINT}/${s3.env.S3_BUCKET}` }),
  );
}, 90_000);

afterAll(async () => {
  await ctx?.close();
  await s3?.close();
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  dirs = [];
});

describe("FILE_STORAGE=s3", { timeout: 90_000 }, () => {
  it("serves a photo uploaded through one instance from another, and from the bucket's public URL", async () => {
    const form = new FormData();
    form.set("file", new File([new Uint8Array(await samplePhoto("jpeg", "#7c2d12"))], "foto.jpg", { type: "image/jpeg" }));
    const response = await ctx.request(`/api/admin/products/${productUuid(KIT)}/images`, { browser: admin, body: form });
    expect(response.status, await response.clone().text()).toBe(201);
    const src = ((await response.json()) as ProductImagesView).images.at(-1)!.src;

    // Nothing on the uploading instance's disk: the file is in the bucket.
    expect(await readdir(dirs[0]!)).not.toContain("uploads");

    const elsewhere = await other.request(src);
    expect(elsewhere.status).toBe(200);
    expect(elsewhere.headers.get("content-type")).toBe("image/webp");
    expect((await sharp(Buffer.from(await elsewhere.arrayBuffer())).metadata()).width).toBe(800);

    const redirected = await behindPublicUrl.request(src.replace("800.webp", "400.avif"));
    expect(redirected.status).toBe(301);
    const location = redirected.headers.get("location")!;
    expect(location).toBe(`${s3.env.S3_ENDPOINT}/${s3.env.S3_BUCKET}/${src.replace("/uploads/", "").replace("800.webp", "400.avif")}`);
    // A browser reads it from the bucket without any credential.
    const fromBucket = await fetch(location);
    expect(fromBucket.status).toBe(200);
    expect((await sharp(Buffer.from(await fromBucket.arrayBuffer())).metadata()).format).toBe("heif");

    // Deleting the picture deletes its files from the bucket: every instance answers 404.
    const gallery = (await (
      await ctx.request(`/api/admin/products/${productUuid(KIT)}/images`, { browser: admin })
    ).json()) as ProductImagesView;
    const image = gallery.images.find((candidate) => candidate.src === src)!;
    expect(
      (await ctx.request(`/api/admin/products/${productUuid(KIT)}/images/${image.id}`, { browser: admin, method: "DELETE" })).status,
    ).toBe(200);
    expect((await other.request(src)).status).toBe(404);
  });

  it("keeps the e-book the owner uploads in the private bucket, where the go-live check looks for it", async () => {
    const name = ((await (await ctx.request(`/api/admin/products/${productUuid(EBOOK)}`, { browser: admin })).json()) as { name: string })
      .name;
    const digitalFiles = async () => {
      const report = (await (await ctx.request("/api/admin/go-live", { browser: admin })).json()) as GoLiveReport;
      return report.items.find((item) => item.id === "digital_files")!;
    };
    expect((await digitalFiles()).detail).toContain(name);

    const pdf = new TextEncoder().encode("%PDF-1.7\n% enviado pelo celular\n%%EOF\n");
    const form = new FormData();
    form.set("file", new File([pdf], "ebook.pdf", { type: "application/pdf" }));
    const response = await ctx.request(`/api/admin/products/${productUuid(EBOOK)}/file`, { browser: admin, body: form });
    expect(response.status, await response.clone().text()).toBe(200);

    const stored = await privateFileStorageFor(ctx.t.services.config).get("downloads/ebook-cultivo-avancado.pdf");
    expect(Buffer.from(stored!.body).equals(Buffer.from(pdf))).toBe(true);
    // Not on this machine's disk: another instance finds it in the bucket.
    expect(await readdir(dirs[0]!)).not.toContain("downloads");
    expect((await digitalFiles()).detail).not.toContain(name);
  });

  it("sends the e-book's buyer to a signed bucket link that works, then expires", async () => {
    const pdf = new TextEncoder().encode("%PDF-1.4\n% o e-book de verdade\n%%EOF\n");
    await privateFileStorageFor(ctx.t.services.config).put("downloads/ebook-cultivo-avancado.pdf", pdf, "application/pdf");
    const buyerEmail = uniqueEmail("ebook-bucket");
    const buyer = await ctx.customer(buyerEmail, new Browser("203.0.113.231"));
    const orderId = await orderWithoutShipping(ctx, buyer, EBOOK, ["paid"], admin);
    const link = signDownloadLink(ctx.t.services.config, { orderId, productId: productUuid(EBOOK), userId: await ctx.userId(buyerEmail) });

    const answer = await ctx.request(link.url, { browser: buyer });
    expect(answer.status).toBe(302);
    expect(answer.headers.get("cache-control")).toBe("private, no-store");
    const signed = answer.headers.get("location")!;
    expect(signed.startsWith(`${s3.env.S3_ENDPOINT}/${s3.env.S3_PRIVATE_BUCKET}/downloads/ebook-cultivo-avancado.pdf?`)).toBe(true);
    expect(new URL(signed).searchParams.get("X-Amz-Expires")).toBe(String(SIGNED_SECONDS));

    const file = await fetch(signed);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-disposition")).toBe('attachment; filename="ebook-cultivo-avancado.pdf"');
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(pdf);

    // Another account gets no link (the bucket's privacy is its policy's, which the emulator does not model).
    const stranger = await ctx.customer(uniqueEmail("outro-bucket"), new Browser("203.0.113.232"));
    expect((await ctx.request(link.url, { browser: stranger })).headers.get("location")).toBeNull();

    await new Promise((resolve) => setTimeout(resolve, (SIGNED_SECONDS + 1.5) * 1000));
    const expired = await fetch(signed);
    expect(expired.status).toBe(403);
    expect(await expired.text()).toContain("Request has expired");
  });

  it("npm run files:migrate copies the photos and downloads of a disk DATA_DIR into the buckets", async () => {
    const disk = await dataDir("disco");
    const photo = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#166534" } })
      .webp()
      .toBuffer();
    await mkdir(path.join(disk, "uploads", "products"), { recursive: true });
    await writeFile(path.join(disk, "uploads", "products", "0123abcd-800.webp"), photo);
    await writeFile(path.join(disk, "uploads", "products", "0123abcd-800.webp.123.456.tmp"), "meio arquivo");
    await mkdir(path.join(disk, "downloads"));
    await writeFile(path.join(disk, "downloads", "guia-rapido.pdf"), "%PDF-1.4 guia");

    const { stdout } = await promisify(execFile)(process.execPath, ["scripts/files-migrate.ts"], {
      cwd: root,
      env: { ...process.env, ...s3.env, DATA_DIR: disk, NODE_ENV: "test" },
    });
    expect(stdout).toContain("2 arquivo(s) copiados para o bucket");
    expect(stdout).toContain("ignorado");

    const config = loadConfig({ ...s3.env, DATA_DIR: disk, NODE_ENV: "test" });
    expect(await privateFileStorageFor(config).get("downloads/guia-rapido.pdf")).toMatchObject({ contentType: "application/pdf" });
    expect(await fileStorageFor(config).has("products/0123abcd-800.webp.123.456.tmp")).toBe(false);
    // Any instance now serves the photo from the bucket.
    const served = await other.request("/uploads/products/0123abcd-800.webp");
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer())).toEqual(photo);
  });

  it("npm run backup -- --bucket writes the backup and copies it to the private bucket", async () => {
    ensurePgClient();
    const folder = await dataDir("backup");
    const target = path.join(folder, "copia.dump");
    const { stdout } = await promisify(execFile)(process.execPath, ["scripts/backup.ts", "--bucket", target], {
      cwd: root,
      env: { ...process.env, ...s3.env, DATA_DIR: folder, DATABASE_URL: ctx.t.url, NODE_ENV: "test" },
    });
    const key = /Backup copiado para o bucket: (backups\/loja-backup-[\d-]+\.dump)/.exec(stdout)?.[1];
    expect(key, stdout).toBeTruthy();
    const copy = await privateFileStorageFor(ctx.t.services.config).get(key!);
    expect(Buffer.from(copy!.body).subarray(0, 5).toString("latin1")).toBe("PGDMP");
    // Only in the private bucket: the photos' bucket, which may be public, never holds it.
    expect(await fileStorageFor(ctx.t.services.config).has(key!)).toBe(false);
  });

  it("answers 503 with Retry-After, never 500, when the store does not answer", async () => {
    const away = createApp(
      testServices(ctx.t.db, { DATABASE_URL: ctx.t.url, ...s3.env, S3_ENDPOINT: "http://127.0.0.1:9", DATA_DIR: await dataDir("fora") }),
    );
    const photo = await away.request("/uploads/products/0123abcd-800.webp");
    expect(photo.status).toBe(503);
    expect(photo.headers.get("retry-after")).toBe("5");
    expect(await photo.json()).toEqual({
      error: { code: "storage_unavailable", message: "Os arquivos da loja estão indisponíveis no momento. Tente novamente em instantes." },
    });
  });
});
