import { mkdtemp, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEntries } from "#test/audit.ts";
import { Browser, createAuthTestContext, uniqueEmail, type AuthTestContext } from "#test/auth-helpers.ts";
import { samplePhoto } from "#test/sample-images.ts";
import { productCatalog } from "#platform/db/schema.ts";
import { productUuid, PRODUCT_SLUGS, FIXED_PRODUCT_SLUGS } from "#domain/catalog/product-slugs.ts";
import { getProductPage } from "#domain/catalog/catalog.server.ts";
import { MAX_IMAGE_BYTES } from "#domain/catalog/product-image-rules.ts";
import type { ProductImagesView } from "#domain/catalog/product-image-schemas.ts";

/*
 * Issue 17 item 6: the owner uploads product photos. The file's first bytes decide its type (JPEG,
 * PNG, WebP; never the name or the Content-Type sent), 10 MB at most; sharp writes AVIF and WebP
 * at 400/800/1200 px and a 1200×630 JPEG into the data directory, served for a year; the gallery
 * is reordered, its main picture chosen, pictures deleted; every change is in the audit log.
 */

const KIT = 4; // Cultura Líquida Golden Teacher
const SPAWN = 7;
const ORIGIN = "http://localhost:3000";
const ADMIN_EMAIL = uniqueEmail("admin-fotos");

let ctx: AuthTestContext;
let dataDir: string;
let admin: Browser;
let customer: Browser;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "loja-fotos-"));
  ctx = await createAuthTestContext({ DATA_DIR: dataDir });
  await ctx.makeAdmin(ADMIN_EMAIL);
  admin = await ctx.customer(ADMIN_EMAIL, new Browser("203.0.113.220"));
  customer = await ctx.customer(uniqueEmail("cliente-fotos"), new Browser("203.0.113.221"));
}, 60_000);
afterAll(async () => {
  await ctx?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

function form(bytes: Buffer, name: string, type: string): FormData {
  const data = new FormData();
  data.set("file", new File([new Uint8Array(bytes)], name, { type }));
  return data;
}

const imagesPath = (numericId: number) => `/api/admin/products/${productUuid(numericId)}/images`;

async function upload(numericId: number, bytes: Buffer, name = "foto.jpg", type = "image/jpeg", browser: Browser | undefined = admin) {
  return ctx.request(imagesPath(numericId), { browser, body: form(bytes, name, type) });
}

async function uploaded(numericId: number, bytes: Buffer, name?: string, type?: string): Promise<ProductImagesView> {
  const response = await upload(numericId, bytes, name, type);
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as ProductImagesView;
}

async function errorOf(response: Response): Promise<{ status: number; code: string; message: string }> {
  const body = (await response.json()) as { error: { code: string; message: string } };
  return { status: response.status, ...body.error };
}

const auditOf = (numericId: number) => auditEntries(ctx, admin, "product", productUuid(numericId));

async function catalogImage(numericId: number): Promise<string | null | undefined> {
  const [row] = await ctx.t.db
    .select()
    .from(productCatalog)
    .where(eq(productCatalog.id, productUuid(numericId)));
  return row?.image;
}

const stored = (url: string) => path.join(dataDir, "uploads", url.replace(/^\/uploads\//, ""));
const variantsOf = (src: string) =>
  ["400.avif", "400.webp", "800.avif", "800.webp", "1200.avif", "1200.webp", "og.jpg"].map((suffix) => src.replace(/800\.webp$/, suffix));

async function clearGallery(numericId: number): Promise<void> {
  const list = (await (await ctx.request(imagesPath(numericId), { browser: admin })).json()) as ProductImagesView;
  for (const image of list.images) {
    expect((await ctx.request(`${imagesPath(numericId)}/${image.id}`, { browser: admin, method: "DELETE" })).status).toBe(200);
  }
}

// Each upload encodes seven files (AVIF is the slow one): on two busy cores a test may take a while.
const UPLOAD_TESTS = { timeout: 90_000 };

describe("uploading a product photo", UPLOAD_TESTS, () => {
  it("turns a JPEG into AVIF and WebP at 400, 800 and 1200 px (4:3) and a 1200×630 JPEG, served for a year", async () => {
    const gallery = await uploaded(KIT, await samplePhoto("jpeg", "#0f766e"));
    expect(gallery.images).toHaveLength(1);
    const [image] = gallery.images;
    expect(image).toMatchObject({ position: 0, main: true, originalWidth: 1600, originalHeight: 1200 });
    expect(image!.src).toMatch(/^\/uploads\/products\/[0-9a-f]{32}-800\.webp$/);
    expect(image!.avifSrcSet).toBe(
      [400, 800, 1200].map((width) => `${image!.src.replace("800.webp", `${width}.avif`)} ${width}w`).join(", "),
    );

    const expected = [
      ["400.avif", "heif", 400, 300],
      ["400.webp", "webp", 400, 300],
      ["800.avif", "heif", 800, 600],
      ["800.webp", "webp", 800, 600],
      ["1200.avif", "heif", 1200, 900],
      ["1200.webp", "webp", 1200, 900],
      ["og.jpg", "jpeg", 1200, 630],
    ] as const;
    for (const [suffix, format, width, height] of expected) {
      const url = image!.src.replace("800.webp", suffix);
      const metadata = await sharp(stored(url)).metadata();
      expect({ suffix, format: metadata.format, width: metadata.width, height: metadata.height }).toEqual({
        suffix,
        format,
        width,
        height,
      });
      if (suffix.endsWith(".avif")) expect(metadata.compression).toBe("av1");

      const served = await ctx.request(url);
      expect(served.status).toBe(200);
      expect(served.headers.get("content-type")).toBe({ heif: "image/avif", webp: "image/webp", jpeg: "image/jpeg" }[format]);
      expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(Buffer.from(await served.arrayBuffer()).equals(await import("node:fs/promises").then((fs) => fs.readFile(stored(url))))).toBe(
        true,
      );
    }
  });

  it("serves nothing outside the storage's folder, and a bare 404 for a name that is not there", async () => {
    for (const probe of [
      "/uploads/..%2Fauth-secret",
      "/uploads/products/%2e%2e/%2e%2e/auth-secret",
      "/uploads/products/nao-existe-800.webp",
    ]) {
      const response = await ctx.request(probe);
      expect(response.status, probe).toBe(404);
      expect(response.headers.get("cache-control") ?? "", probe).not.toContain("immutable");
    }
  });

  it("makes the first photo the product's main image everywhere (spec §4's database image) and records who did it", async () => {
    const gallery = (await (await ctx.request(imagesPath(KIT), { browser: admin })).json()) as ProductImagesView;
    const main = gallery.images[0]!.src;
    expect(await catalogImage(KIT)).toBe(main);
    const page = await getProductPage(ctx.t.db, PRODUCT_SLUGS[KIT]!, ORIGIN, FIXED_PRODUCT_SLUGS);
    expect(page?.image).toBe(main);
    // The admin's photos replace the built-in drawings in the gallery.
    expect(page?.images).toEqual([main]);

    const [entry] = await auditOf(KIT);
    expect(entry).toMatchObject({
      actorEmail: ADMIN_EMAIL,
      action: "product.image_add",
      entityType: "product",
      entityId: productUuid(KIT),
      before: { images: [], mainImage: null },
      after: { images: [main], mainImage: main, added: main, originalWidth: 1600, originalHeight: 1200 },
    });
  });

  it("accepts PNG and WebP, and judges a PNG named .jpg (sent as image/jpeg) by its bytes", async () => {
    const png = await uploaded(KIT, await samplePhoto("png", "#1d4ed8"), "foto.png", "image/png");
    const webp = await uploaded(KIT, await samplePhoto("webp", "#7c3aed"), "foto.webp", "image/webp");
    const renamed = await uploaded(KIT, await samplePhoto("png", "#b91c1c"), "renomeada.jpg", "image/jpeg");
    expect(png.images).toHaveLength(2);
    expect(webp.images).toHaveLength(3);
    expect(renamed.images).toHaveLength(4);
    // Still the first upload is the main one; the new ones go to the end.
    expect(renamed.images.map((image) => image.main)).toEqual([true, false, false, false]);
    for (const image of renamed.images) {
      for (const url of variantsOf(image.src)) expect((await stat(stored(url))).size).toBeGreaterThan(0);
    }
  });

  it("refuses by the first bytes a text file or a GIF sent as image/jpeg (415), whatever the name", async () => {
    const before = await auditOf(SPAWN);
    const text = await upload(SPAWN, Buffer.from("isto não é uma foto, é um texto qualquer\n".repeat(20)), "foto.jpg", "image/jpeg");
    expect(await errorOf(text)).toEqual({
      status: 415,
      code: "unsupported_image_type",
      message: "Formato não aceito: envie uma foto em JPEG, PNG ou WebP.",
    });
    const gif = await upload(SPAWN, await samplePhoto("gif"), "foto.jpg", "image/jpeg");
    expect((await errorOf(gif)).status).toBe(415);
    const svg = await upload(SPAWN, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), "foto.png", "image/png");
    expect((await errorOf(svg)).status).toBe(415);
    expect(await auditOf(SPAWN)).toEqual(before);
    expect(await catalogImage(SPAWN)).toBeNull();
  });

  it("refuses a file of 10 MB + 1 byte (413), and a larger request by its Content-Length before reading it", async () => {
    const tooBig = Buffer.alloc(MAX_IMAGE_BYTES + 1, 0);
    tooBig.set([0xff, 0xd8, 0xff, 0xe0]);
    expect(await errorOf(await upload(SPAWN, tooBig))).toEqual({
      status: 413,
      code: "image_too_large",
      message: "A imagem passa de 10 MB. Envie um arquivo menor.",
    });
    // A request announcing 50 MB gets its answer from the header alone (the body here is tiny).
    const announced = await ctx.request(imagesPath(SPAWN), {
      browser: admin,
      method: "POST",
      body: "x",
      headers: { "content-type": "multipart/form-data; boundary=x", "content-length": String(50 * 1024 * 1024) },
    });
    expect((await errorOf(announced)).code).toBe("image_too_large");
  });

  it("refuses a broken JPEG (400), a request without a file (400) and a JSON body (415), in Portuguese", async () => {
    const broken = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2000, 7)]);
    expect(await errorOf(await upload(SPAWN, broken))).toMatchObject({ status: 400, code: "image_unreadable" });
    const empty = new FormData();
    empty.set("outro", "valor");
    expect(await errorOf(await ctx.request(imagesPath(SPAWN), { browser: admin, body: empty }))).toMatchObject({
      status: 400,
      code: "missing_file",
    });
    expect(await errorOf(await ctx.request(imagesPath(SPAWN), { browser: admin, json: { file: "x" } }))).toMatchObject({
      status: 415,
      code: "unsupported_media_type",
    });
  });

  it("refuses the same photo twice in one gallery (409), and answers 404 for an unknown product", async () => {
    const photo = await samplePhoto("jpeg", "#0f766e");
    expect(await errorOf(await upload(KIT, photo))).toMatchObject({ status: 409, code: "image_already_added" });
    const unknown = await ctx.request(`/api/admin/products/${crypto.randomUUID()}/images`, {
      browser: admin,
      body: form(photo, "foto.jpg", "image/jpeg"),
    });
    expect((await errorOf(unknown)).status).toBe(404);
  });

  it("is for admins only: a visitor gets 401 and a customer 403 on every operation, before the file is read", async () => {
    const photo = await samplePhoto("jpeg", "#065f46", { width: 400, height: 300 });
    const image = `${imagesPath(KIT)}/${crypto.randomUUID()}`;
    const calls: Array<[string, Parameters<AuthTestContext["request"]>[1]]> = [
      [imagesPath(KIT), { body: form(photo, "foto.jpg", "image/jpeg") }],
      [imagesPath(KIT), {}],
      [imagesPath(KIT), { method: "PATCH", json: { order: [] } }],
      [image, { method: "PATCH", json: { main: true } }],
      [image, { method: "DELETE" }],
    ];
    for (const [url, options] of calls) {
      expect((await errorOf(await ctx.request(url, { ...options }))).status, `${options?.method ?? "POST/GET"} ${url}`).toBe(401);
      expect((await errorOf(await ctx.request(url, { ...options, browser: customer }))).status).toBe(403);
    }
    const gallery = (await (await ctx.request(imagesPath(KIT), { browser: admin })).json()) as ProductImagesView;
    expect(gallery.images).toHaveLength(4);
  });
});

describe("arranging the gallery", UPLOAD_TESTS, () => {
  let ids: string[];
  let srcs: string[];
  beforeAll(async () => {
    await clearGallery(SPAWN);
    let gallery: ProductImagesView | undefined;
    for (const colour of ["#dc2626", "#16a34a", "#2563eb"])
      gallery = await uploaded(SPAWN, await samplePhoto("jpeg", colour, { width: 800, height: 600 }));
    ids = gallery!.images.map((image) => image.id);
    srcs = gallery!.images.map((image) => image.src);
  }, 90_000);

  it("reorders the whole gallery: the new first photo becomes the main image, and the change is audited", async () => {
    const response = await ctx.request(imagesPath(SPAWN), { browser: admin, method: "PATCH", json: { order: [ids[2], ids[0], ids[1]] } });
    expect(response.status).toBe(200);
    const gallery = (await response.json()) as ProductImagesView;
    expect(gallery.images.map((image) => image.id)).toEqual([ids[2], ids[0], ids[1]]);
    expect(gallery.images.map((image) => image.position)).toEqual([0, 1, 2]);
    expect(await catalogImage(SPAWN)).toBe(srcs[2]);
    const page = await getProductPage(ctx.t.db, PRODUCT_SLUGS[SPAWN]!, ORIGIN, FIXED_PRODUCT_SLUGS);
    expect(page?.images).toEqual([srcs[2], srcs[0], srcs[1]]);
    expect((await auditOf(SPAWN))[0]).toMatchObject({
      action: "product.image_reorder",
      actorEmail: ADMIN_EMAIL,
      before: { images: srcs, mainImage: srcs[0] },
      after: { images: [srcs[2], srcs[0], srcs[1]], mainImage: srcs[2] },
    });
  });

  it("refuses an order that leaves out, repeats or invents a photo (400), changing nothing", async () => {
    for (const order of [[ids[0], ids[1]], [ids[0], ids[0], ids[1]], [ids[0], ids[1], crypto.randomUUID()], ["nao-e-id"]]) {
      const refusal = await errorOf(await ctx.request(imagesPath(SPAWN), { browser: admin, method: "PATCH", json: { order } }));
      expect(refusal.status).toBe(400);
      expect(refusal.message).toMatch(/imagem|Dados inválidos/);
    }
    expect(await catalogImage(SPAWN)).toBe(srcs[2]);
  });

  it("chooses the main photo: it moves to the front, the others keep their order", async () => {
    const response = await ctx.request(`${imagesPath(SPAWN)}/${ids[1]}`, { browser: admin, method: "PATCH", json: { main: true } });
    expect(response.status).toBe(200);
    const gallery = (await response.json()) as ProductImagesView;
    expect(gallery.images.map((image) => image.id)).toEqual([ids[1], ids[2], ids[0]]);
    expect(gallery.images[0]!.main).toBe(true);
    expect(await catalogImage(SPAWN)).toBe(srcs[1]);
    expect((await auditOf(SPAWN))[0]).toMatchObject({ action: "product.image_main", after: { mainImage: srcs[1] } });
    const other = await ctx.request(`${imagesPath(KIT)}/${ids[0]}`, { browser: admin, method: "PATCH", json: { main: true } });
    expect((await errorOf(other)).status).toBe(404);
  });

  it("deletes a photo and its files; deleting the main one promotes the next; with none left the built-in image returns", async () => {
    const response = await ctx.request(`${imagesPath(SPAWN)}/${ids[1]}`, { browser: admin, method: "DELETE" });
    expect(response.status).toBe(200);
    expect(((await response.json()) as ProductImagesView).images.map((image) => image.id)).toEqual([ids[2], ids[0]]);
    expect(await catalogImage(SPAWN)).toBe(srcs[2]);
    for (const url of variantsOf(srcs[1]!)) await expect(stat(stored(url))).rejects.toThrow();
    expect((await ctx.request(srcs[1]!)).status).toBe(404);
    expect((await auditOf(SPAWN))[0]).toMatchObject({
      action: "product.image_delete",
      before: { mainImage: srcs[1] },
      after: { images: [srcs[2], srcs[0]], mainImage: srcs[2], removed: srcs[1] },
    });

    await clearGallery(SPAWN);
    expect(await catalogImage(SPAWN)).toBeNull();
    const page = await getProductPage(ctx.t.db, PRODUCT_SLUGS[SPAWN]!, ORIGIN, FIXED_PRODUCT_SLUGS);
    expect(page?.image).toBe("/images/products/spawn-cogumelo-golden-teacher-800.webp");
  });
});
