/**
 * The admin's product pictures (issue 17 item 6). An upload is decoded and cut into the pages'
 * sizes (platform/images), its files written to the file storage under its content hash, then one
 * row added in a transaction that also records the audit entry. The gallery's first picture is the
 * main one: its URL is written to product_catalog.image, spec §4's database image, so cards, the
 * product page and link previews resolve it as before.
 */
import { productNotFound } from "#domain/catalog/catalog-errors.ts";
import { createHash } from "node:crypto";
import { asc, eq, sql } from "drizzle-orm";
import type { Database } from "#platform/db/client.ts";
import { productCatalog, productImages, products } from "#platform/db/tables/catalog.ts";
import type { FileStorage } from "#platform/storage/file-storage.ts";
import { imageVariants, readImageInfo } from "#platform/images/image-variants.ts";
import { recordAudit } from "#domain/audit/audit-log.server.ts";
import { DomainError } from "#domain/errors.ts";
import {
  IMAGE_ASPECT,
  OG_IMAGE_SIZE,
  OWN_IMAGE_WIDTHS,
  imageSrcSet,
  socialImage,
  uploadedImageUrl,
} from "#domain/catalog/image-resolution.ts";
import { MAX_IMAGES_PER_PRODUCT } from "#domain/catalog/product-image-rules.ts";
import type { ProductImagesView } from "#domain/catalog/product-image-schemas.ts";

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];
type Executor = Database | Tx;

/**
 * Part of every content hash: a change to the pipeline's sizes or settings changes it, so new
 * files never take the names of old ones, which browsers keep for a year.
 */
const PIPELINE_VERSION = "1";

/** The files of one picture: `products/<hash>-400.avif` … `products/<hash>-og.jpg`. */
export function productImageKeys(hash: string): string[] {
  const suffixes = [...OWN_IMAGE_WIDTHS.flatMap((width) => [`${width}.avif`, `${width}.webp`]), "og.jpg"];
  return suffixes.map((suffix) => `products/${hash}-${suffix}`);
}

const imageNotFound = () => new DomainError("not_found", "image_not_found", "Imagem não encontrada neste produto.");

type ImageRow = typeof productImages.$inferSelect;

function toView(row: ImageRow, position: number): ProductImagesView["images"][number] {
  const src = uploadedImageUrl(row.hash);
  return {
    id: row.id,
    position,
    main: position === 0,
    src,
    avifSrcSet: imageSrcSet(src, "avif")!,
    webpSrcSet: imageSrcSet(src, "webp")!,
    ogImage: socialImage(src).url,
    originalWidth: row.originalWidth,
    originalHeight: row.originalHeight,
    createdAt: row.createdAt.toISOString(),
  };
}

async function imageRows(executor: Executor, productId: string): Promise<ImageRow[]> {
  return executor
    .select()
    .from(productImages)
    .where(eq(productImages.productId, productId))
    .orderBy(asc(productImages.position), asc(productImages.createdAt));
}

/** The product's name, locking its row for the rest of the transaction: its gallery changes one at a time. */
async function lockProduct(tx: Tx, productId: string): Promise<string> {
  const [product] = await tx.select({ name: products.name }).from(products).where(eq(products.id, productId)).for("update");
  if (!product) throw productNotFound();
  return product.name;
}

async function catalogImage(tx: Tx, productId: string): Promise<string | null> {
  const [row] = await tx.select({ image: productCatalog.image }).from(productCatalog).where(eq(productCatalog.id, productId));
  return row?.image ?? null;
}

/**
 * Writes the new order (positions 0…n-1) and points product_catalog.image at the first picture,
 * or clears it when none is left (the built-in picture comes back, spec §4), then the audit entry.
 */
async function saveGallery(
  tx: Tx,
  change: {
    productId: string;
    productName: string;
    before: ImageRow[];
    after: ImageRow[];
    actorUserId: string;
    action: string;
    detail?: object;
  },
): Promise<void> {
  for (const [position, row] of change.after.entries()) {
    if (row.position !== position) await tx.update(productImages).set({ position }).where(eq(productImages.id, row.id));
  }
  const mainBefore = await catalogImage(tx, change.productId);
  const mainAfter = change.after[0] ? uploadedImageUrl(change.after[0].hash) : null;
  if (mainAfter !== mainBefore) {
    await tx
      .insert(productCatalog)
      .values({ id: change.productId, image: mainAfter })
      .onConflictDoUpdate({ target: productCatalog.id, set: { image: mainAfter, updatedAt: sql`now()` } });
  }
  const urls = (rows: ImageRow[]) => rows.map((row) => uploadedImageUrl(row.hash));
  await recordAudit(tx, {
    actorUserId: change.actorUserId,
    action: change.action,
    entityType: "product",
    entityId: change.productId,
    entityLabel: change.productName,
    before: { images: urls(change.before), mainImage: mainBefore },
    after: { images: urls(change.after), mainImage: mainAfter, ...change.detail },
  });
}

function view(productId: string, productName: string, rows: ImageRow[]): ProductImagesView {
  return { productId, productName, images: rows.map((row, position) => toView(row, position)) };
}

export async function listProductImages(db: Database, productId: string): Promise<ProductImagesView> {
  const [product] = await db.select({ name: products.name }).from(products).where(eq(products.id, productId));
  if (!product) throw productNotFound();
  return view(productId, product.name, await imageRows(db, productId));
}

const unreadable = () =>
  new DomainError("invalid", "image_unreadable", "Não foi possível ler a imagem: o arquivo está corrompido ou incompleto.");

/**
 * Adds a picture (already checked to be a JPEG, PNG or WebP of at most 10 MB by its first bytes)
 * at the end of the gallery; the first picture of a product becomes its main one.
 */
export async function addProductImage(
  db: Database,
  storage: FileStorage,
  input: { productId: string; bytes: Buffer; actorUserId: string },
): Promise<ProductImagesView> {
  const existing = await listProductImages(db, input.productId);
  if (existing.images.length >= MAX_IMAGES_PER_PRODUCT) throw tooManyImages();
  let info: Awaited<ReturnType<typeof readImageInfo>>;
  let variants: Awaited<ReturnType<typeof imageVariants>>;
  try {
    info = await readImageInfo(input.bytes);
    variants = await imageVariants(input.bytes, { widths: OWN_IMAGE_WIDTHS, aspect: IMAGE_ASPECT, og: OG_IMAGE_SIZE });
  } catch {
    // sharp refuses what it cannot decode: a truncated file, a picture too large to decode safely.
    throw unreadable();
  }
  const hash = createHash("sha256").update(PIPELINE_VERSION).update(input.bytes).digest("hex").slice(0, 32);
  // Written before the row: a page never names a file that is not there yet. Same bytes, same
  // names: writing them again (another product, a retry) changes nothing.
  await Promise.all(variants.map((variant) => storage.put(`products/${hash}-${variant.suffix}`, variant.body, variant.contentType)));

  return db.transaction(async (tx) => {
    const name = await lockProduct(tx, input.productId);
    const before = await imageRows(tx, input.productId);
    if (before.some((row) => row.hash === hash)) {
      throw new DomainError("conflict", "image_already_added", "Esta imagem já está na galeria do produto.");
    }
    if (before.length >= MAX_IMAGES_PER_PRODUCT) throw tooManyImages();
    const [added] = await tx
      .insert(productImages)
      .values({
        productId: input.productId,
        position: before.length,
        hash,
        originalWidth: info.width,
        originalHeight: info.height,
      })
      .returning();
    const after = [...before, added!];
    await saveGallery(tx, {
      productId: input.productId,
      productName: name,
      before,
      after,
      actorUserId: input.actorUserId,
      action: "product.image_add",
      detail: { added: uploadedImageUrl(hash), originalWidth: info.width, originalHeight: info.height },
    });
    return view(input.productId, name, after);
  });
}

const tooManyImages = () =>
  new DomainError("conflict", "too_many_images", `O produto já tem ${MAX_IMAGES_PER_PRODUCT} imagens. Exclua uma antes de enviar outra.`);

/** A new order of the whole gallery: every picture of the product exactly once; the first becomes the main one. */
export async function reorderProductImages(
  db: Database,
  input: { productId: string; order: string[]; actorUserId: string },
): Promise<ProductImagesView> {
  return db.transaction(async (tx) => {
    const name = await lockProduct(tx, input.productId);
    const before = await imageRows(tx, input.productId);
    const byId = new Map(before.map((row) => [row.id, row]));
    const order = input.order.map((id) => id.toLowerCase());
    if (order.length !== before.length || new Set(order).size !== order.length || order.some((id) => !byId.has(id))) {
      throw new DomainError(
        "invalid",
        "image_order_mismatch",
        "A nova ordem precisa ter cada imagem do produto exatamente uma vez. Recarregue a página e tente de novo.",
      );
    }
    const after = order.map((id) => byId.get(id)!);
    await saveGallery(tx, {
      productId: input.productId,
      productName: name,
      before,
      after,
      actorUserId: input.actorUserId,
      action: "product.image_reorder",
    });
    return view(input.productId, name, after);
  });
}

/** Makes one picture the main one: it moves to the front, the others keep their order. */
export async function setMainProductImage(
  db: Database,
  input: { productId: string; imageId: string; actorUserId: string },
): Promise<ProductImagesView> {
  return db.transaction(async (tx) => {
    const name = await lockProduct(tx, input.productId);
    const before = await imageRows(tx, input.productId);
    const chosen = before.find((row) => row.id === input.imageId);
    if (!chosen) throw imageNotFound();
    const after = [chosen, ...before.filter((row) => row !== chosen)];
    await saveGallery(tx, {
      productId: input.productId,
      productName: name,
      before,
      after,
      actorUserId: input.actorUserId,
      action: "product.image_main",
    });
    return view(input.productId, name, after);
  });
}

/**
 * Removes a picture from the gallery; when it was the main one, the next becomes main (or, with
 * none left, the built-in picture returns). Its files are deleted once no product uses them.
 */
export async function deleteProductImage(
  db: Database,
  storage: FileStorage,
  input: { productId: string; imageId: string; actorUserId: string },
): Promise<ProductImagesView> {
  const result = await db.transaction(async (tx) => {
    const name = await lockProduct(tx, input.productId);
    const before = await imageRows(tx, input.productId);
    const removed = before.find((row) => row.id === input.imageId);
    if (!removed) throw imageNotFound();
    await tx.delete(productImages).where(eq(productImages.id, removed.id));
    const after = before.filter((row) => row !== removed);
    await saveGallery(tx, {
      productId: input.productId,
      productName: name,
      before,
      after,
      actorUserId: input.actorUserId,
      action: "product.image_delete",
      detail: { removed: uploadedImageUrl(removed.hash) },
    });
    return { view: view(input.productId, name, after), hash: removed.hash };
  });
  const [stillUsed] = await db.select({ id: productImages.id }).from(productImages).where(eq(productImages.hash, result.hash)).limit(1);
  if (!stillUsed) await Promise.all(productImageKeys(result.hash).map((key) => storage.delete(key)));
  return result.view;
}
