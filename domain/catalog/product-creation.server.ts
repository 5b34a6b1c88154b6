/**
 * The owner adds a product (issue 28 item 4, decision 061): from scratch or as a copy of another.
 * A new product starts hidden, so its photos and file can be added before shoppers see it; its
 * address (/produto/<slug>) and name are unique (409 in Portuguese when taken). The row, its audit
 * entry and the message that empties every instance's copy of the products commit together.
 */
import { randomUUID } from "node:crypto";
import { asc, eq, sql } from "drizzle-orm";
import type { Database } from "#platform/db/client.ts";
import { productCatalog, productImages, products } from "#platform/db/tables/catalog.ts";
import { forgetShared, invalidateShared } from "#platform/realtime/shared-caches.ts";
import { recordAudit } from "#domain/audit/audit-log.server.ts";
import { DomainError } from "#domain/errors.ts";
import { productNotFound } from "#domain/catalog/catalog-errors.ts";
import { PRODUCTS_CACHE } from "#domain/catalog/catalog.server.ts";
import { editableById, nameKey } from "#domain/catalog/product-editing.server.ts";
import { kindColumns, MAX_SLUG_LENGTH, type ProductCreate, slugFromName, slugProblem } from "#domain/catalog/product-create-schemas.ts";
import type { EditableProduct } from "#domain/catalog/product-edit-schemas.ts";

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];
type NewRow = typeof products.$inferInsert;

/** Numeric ids of the owner's products start here, clear of the spec's (1–9, 101–103, 201–203). */
const FIRST_OWNER_NUMERIC_ID = 1001;

export const slugTaken = (slug: string) =>
  new DomainError("conflict", "product_slug_taken", `O endereço /produto/${slug} já é de outro produto. Escolha outro endereço.`);
const nameTaken = () => new DomainError("conflict", "product_name_taken", "Já existe outro produto com este nome.");

/** The file a new digital product's buyers download, until the owner uploads it (decision 062). */
export const downloadFileFor = (slug: string) => `${slug}.pdf`;

async function checkUnique(tx: Tx, slug: string, name: string): Promise<void> {
  const problem = slugProblem(slug);
  if (problem) throw new DomainError("invalid", "invalid_slug", problem);
  const rows = await tx.select({ slug: products.slug, name: products.name }).from(products);
  if (rows.some((row) => row.slug === slug)) throw slugTaken(slug);
  if (rows.some((row) => nameKey(row.name) === nameKey(name))) throw nameTaken();
}

/** The next numeric id and the position after every other product, under a lock only creators take. */
async function nextNumbers(tx: Tx): Promise<{ numericId: number; sortOrder: number }> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('products.create'))`);
  const [row] = await tx
    .select({
      numericId: sql<number>`greatest(coalesce(max(${products.numericId}), 0) + 1, ${FIRST_OWNER_NUMERIC_ID})`,
      sortOrder: sql<number>`coalesce(max(${products.sortOrder}), -1) + 1`,
    })
    .from(products);
  return { numericId: Number(row!.numericId), sortOrder: Number(row!.sortOrder) };
}

/** The unique violation of a concurrent create with the same address, told as the owner's 409. */
function isUniqueViolation(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string } }).cause;
  return (error as { code?: string }).code === "23505" || cause?.code === "23505";
}

async function insertProduct(
  db: Database,
  row: Omit<NewRow, "id" | "numericId" | "sortOrder" | "route">,
  options: { actorUserId: string; origin: string; action: string; detail: Record<string, unknown>; copyImagesOf?: string },
): Promise<EditableProduct> {
  const id = randomUUID();
  try {
    await db.transaction(async (tx) => {
      await checkUnique(tx, row.slug, row.name);
      const numbers = await nextNumbers(tx);
      await tx.insert(products).values({ ...row, id, ...numbers, route: `/produto/${row.slug}` });
      let image: string | null = null;
      if (options.copyImagesOf) {
        // The copy shows the same pictures (the files are shared by content hash; deleting one
        // product's picture keeps the files while another product uses them).
        const [source] = await tx
          .select({ image: productCatalog.image })
          .from(productCatalog)
          .where(eq(productCatalog.id, options.copyImagesOf));
        image = source?.image ?? null;
        const pictures = await tx
          .select()
          .from(productImages)
          .where(eq(productImages.productId, options.copyImagesOf))
          .orderBy(asc(productImages.position));
        if (pictures.length > 0) {
          await tx.insert(productImages).values(
            pictures.map((picture) => ({
              productId: id,
              position: picture.position,
              hash: picture.hash,
              originalWidth: picture.originalWidth,
              originalHeight: picture.originalHeight,
            })),
          );
        }
      }
      await tx.insert(productCatalog).values({ id, image });
      await recordAudit(tx, {
        actorUserId: options.actorUserId,
        action: options.action,
        entityType: "product",
        entityId: id,
        entityLabel: row.name,
        after: { name: row.name, slug: row.slug, category: row.category, ...options.detail },
      });
      await invalidateShared(tx, PRODUCTS_CACHE);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw slugTaken(row.slug);
    throw error;
  }
  forgetShared(db, PRODUCTS_CACHE);
  return editableById(db, id, options.origin);
}

/** A product from scratch: hidden until the owner lists it. */
export async function createProduct(
  db: Database,
  input: { product: ProductCreate; actorUserId: string; origin: string },
): Promise<EditableProduct> {
  const { product } = input;
  const slug = product.slug || slugFromName(product.name);
  const columns = kindColumns(product.kind);
  return insertProduct(
    db,
    {
      slug,
      category: product.category,
      name: product.name,
      subtitle: product.subtitle,
      description: product.description,
      keyPoints: product.keyPoints,
      details: product.details,
      badge: product.badge,
      accessInstructions: product.accessInstructions,
      ...columns,
      priceCents: columns.unitType === "unit" ? product.priceCents : null,
      priceTable: columns.unitType === "gram" ? product.priceTable : null,
      stock: product.kind === "gram" || product.kind === "unit" ? product.stock : null,
      leadTimeBusinessDays: product.kind === "made_to_order" ? product.leadTimeBusinessDays : null,
      downloadFile: product.kind === "digital" ? downloadFileFor(slug) : null,
      weightGrams: product.weightGrams,
      lengthCm: product.lengthCm,
      widthCm: product.widthCm,
      heightCm: product.heightCm,
      visibility: "hidden",
      buttonDisabled: true,
      images: [],
    },
    { actorUserId: input.actorUserId, origin: input.origin, action: "product.create", detail: { kind: product.kind } },
  );
}

/** A free address and name for a copy: "<slug>-copia", "<slug>-copia-2"…, "<name> (cópia)", "(cópia 2)"… */
async function copyIdentity(db: Database, slug: string, name: string): Promise<{ slug: string; name: string }> {
  const rows = await db.select({ slug: products.slug, name: products.name }).from(products);
  const slugs = new Set(rows.map((row) => row.slug));
  const names = new Set(rows.map((row) => nameKey(row.name)));
  const base = slug.slice(0, MAX_SLUG_LENGTH - 9).replace(/-+$/, "");
  for (let n = 1; ; n++) {
    const candidate = {
      slug: n === 1 ? `${base}-copia` : `${base}-copia-${n}`,
      name: n === 1 ? `${name} (cópia)` : `${name} (cópia ${n})`,
    };
    if (!slugs.has(candidate.slug) && !names.has(nameKey(candidate.name))) return candidate;
  }
}

/**
 * A copy of a product with every text, price, stock rule, size and picture, hidden, under a free
 * address and name; not its ratings, reviews or file (a digital copy gets its own file to upload).
 */
export async function duplicateProduct(
  db: Database,
  input: { productId: string; actorUserId: string; origin: string },
): Promise<EditableProduct> {
  const [source] = await db.select().from(products).where(eq(products.id, input.productId));
  if (!source) throw productNotFound();
  const identity = await copyIdentity(db, source.slug, source.name);
  return insertProduct(
    db,
    {
      slug: identity.slug,
      category: source.category,
      name: identity.name,
      subtitle: source.subtitle,
      description: source.description,
      keyPoints: source.keyPoints,
      details: source.details,
      badge: source.badge,
      accessInstructions: source.accessInstructions,
      unitType: source.unitType,
      madeToOrder: source.madeToOrder,
      needsShipping: source.needsShipping,
      priceCents: source.priceCents,
      priceTable: source.priceTable,
      stock: source.stock,
      leadTimeBusinessDays: source.leadTimeBusinessDays,
      downloadFile: source.downloadFile === null ? null : downloadFileFor(identity.slug),
      weightGrams: source.weightGrams,
      lengthCm: source.lengthCm,
      widthCm: source.widthCm,
      heightCm: source.heightCm,
      images: source.images,
      visibility: "hidden",
      buttonDisabled: true,
    },
    {
      actorUserId: input.actorUserId,
      origin: input.origin,
      action: "product.duplicate",
      detail: { copiedFrom: source.slug },
      copyImagesOf: source.id,
    },
  );
}
