/**
 * The owner edits a product (issue 17 item 5, decision 021): a partial change laid over the stored
 * row, refused when someone else changed the product since the editor read it (its version), when
 * the product it would make breaks a rule (product-edit-schemas.ts), or when another product has
 * the name (calculate-price finds products by name). The change, its audit entry and the message
 * that empties every instance's copy of the products commit together; orders keep their own prices.
 */
import { productNotFound } from "#domain/catalog/catalog-errors.ts";
import { and, asc, eq, ne, sql } from "drizzle-orm";
import type { Database } from "#platform/db/client.ts";
import { productCatalog, products } from "#platform/db/tables/catalog.ts";
import { forgetShared, invalidateShared } from "#platform/realtime/shared-caches.ts";
import { recordAudit } from "#domain/audit/audit-log.server.ts";
import { tellOwnerIfStockLow, type StockAlertServices } from "#domain/catalog/stock-alert.server.ts";
import { DomainError } from "#domain/errors.ts";
import { PRODUCTS_CACHE } from "#domain/catalog/catalog.server.ts";
import { productRatings } from "#domain/catalog/ratings.ts";
import { resolveProductImage } from "#domain/catalog/image-resolution.ts";
import { type EditableProduct, type ProductPatch, productKind, productProblem } from "#domain/catalog/product-edit-schemas.ts";

const selectRows = (db: Pick<Database, "select">) =>
  db
    .select({ product: products, dbImage: productCatalog.image })
    .from(products)
    .leftJoin(productCatalog, eq(productCatalog.id, products.id));

function toEditable(
  { product, dbImage }: { product: typeof products.$inferSelect; dbImage: string | null },
  origin: string,
): EditableProduct {
  return {
    uuid: product.id,
    id: product.numericId,
    slug: product.slug,
    route: product.route,
    category: product.category,
    // The fields the editor changes, read as the PATCH compares them (fieldsOf, below).
    ...fieldsOf(product),
    unitType: product.unitType,
    image: resolveProductImage({ dbImage, name: product.name, id: product.id }, origin),
    ratings: productRatings({
      imported: { average: Number(product.ratingAverage), count: product.ratingCount },
      importedShown: product.importedRatingShown,
      reviews: { count: product.reviewCount, starsSum: product.reviewStarsSum },
    }),
    importedRating: { average: Number(product.ratingAverage), count: product.ratingCount },
    needsShipping: product.needsShipping,
    kind: productKind(product),
    downloadFile: product.downloadFile,
    version: product.version,
    updatedAt: product.updatedAt.toISOString(),
  };
}

/** Every product in the shop's order, as the editor reads it; retired ones last (decision 061). */
export async function listEditableProducts(db: Database, origin: string): Promise<EditableProduct[]> {
  const rows = await selectRows(db).orderBy(sql`${products.visibility} = 'retired'`, asc(products.sortOrder));
  return rows.map((row) => toEditable(row, origin));
}

/** One product by its UUID or numeric id (the page's `?produto=`), or undefined. */
export async function getEditableProduct(db: Database, idOrNumber: string, origin: string): Promise<EditableProduct | undefined> {
  const numeric = /^\d{1,9}$/.test(idOrNumber) ? Number(idOrNumber) : null;
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(idOrNumber) ? idOrNumber.toLowerCase() : null;
  if (numeric === null && uuid === null) return undefined;
  const [row] = await selectRows(db)
    .where(numeric !== null ? eq(products.numericId, numeric) : eq(products.id, uuid!))
    .limit(1);
  return row && toEditable(row, origin);
}

/** The editor's fields and the columns behind them (purchasable is the spec's buttonDisabled, inverted). */
type Fields = Omit<ProductPatch, "version">;
type FieldName = keyof Fields;

function fieldsOf(product: typeof products.$inferSelect) {
  return {
    name: product.name,
    subtitle: product.subtitle,
    description: product.description,
    keyPoints: product.keyPoints,
    details: product.details,
    badge: product.badge,
    accessInstructions: product.accessInstructions,
    purchasable: !product.buttonDisabled,
    importedRatingShown: product.importedRatingShown,
    stock: product.stock,
    madeToOrder: product.madeToOrder,
    leadTimeBusinessDays: product.leadTimeBusinessDays,
    priceCents: product.priceCents,
    priceTable: product.priceTable,
    visibility: product.visibility,
    weightGrams: product.weightGrams,
    lengthCm: product.lengthCm,
    widthCm: product.widthCm,
    heightCm: product.heightCm,
  } satisfies Record<FieldName, unknown>;
}
type StoredFields = ReturnType<typeof fieldsOf>;

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
export const nameKey = (name: string) => name.normalize("NFC").trim().toLocaleLowerCase("pt-BR");

export const productChanged = () =>
  new DomainError(
    "conflict",
    "product_changed",
    "Este produto foi alterado por outra pessoa enquanto você editava. Recarregue para ver a versão atual e refaça sua mudança.",
  );

/** The editor's view of a stored row (the create and duplicate answers). */
export async function editableById(db: Database, productId: string, origin: string): Promise<EditableProduct> {
  const [row] = await selectRows(db).where(eq(products.id, productId)).limit(1);
  if (!row) throw productNotFound();
  return toEditable(row, origin);
}

export async function updateProduct(
  services: StockAlertServices & { db: Database },
  input: { productId: string; patch: ProductPatch; actorUserId: string; origin: string },
): Promise<EditableProduct> {
  const { db } = services;
  const { version, ...patch } = input.patch;
  const updated = await db.transaction(async (tx) => {
    const [row] = await tx.select().from(products).where(eq(products.id, input.productId)).for("update");
    if (!row) throw productNotFound();
    if (row.version !== version) throw productChanged();

    const current = fieldsOf(row);
    const next: StoredFields = { ...current };
    for (const name of Object.keys(patch) as FieldName[]) {
      const value = patch[name];
      if (value !== undefined) (next as Record<FieldName, unknown>)[name] = value;
    }
    // Only a listed product is sold (decision 061): hiding or retiring stops the sales, and listing
    // a product again puts it back on sale unless the same change says otherwise.
    if (next.visibility !== "listed") next.purchasable = false;
    else if (current.visibility !== "listed" && patch.purchasable === undefined) next.purchasable = true;
    const before: Partial<StoredFields> = {};
    const after: Partial<StoredFields> = {};
    for (const name of Object.keys(next) as FieldName[]) {
      if (same(next[name], current[name])) continue;
      (before as Record<FieldName, unknown>)[name] = current[name];
      (after as Record<FieldName, unknown>)[name] = next[name];
    }
    if (Object.keys(after).length === 0) return row;

    const problem = productProblem({ unitType: row.unitType, ...next });
    if (problem) throw new DomainError("invalid", "invalid_product", problem);
    if (after.name !== undefined) {
      const others = await tx.select({ name: products.name }).from(products).where(ne(products.id, row.id));
      if (others.some((other) => nameKey(other.name) === nameKey(next.name))) {
        throw new DomainError("conflict", "product_name_taken", "Já existe outro produto com este nome.");
      }
    }

    const [saved] = await tx
      .update(products)
      .set({
        name: next.name,
        subtitle: next.subtitle,
        description: next.description,
        keyPoints: next.keyPoints,
        details: next.details,
        badge: next.badge,
        accessInstructions: next.accessInstructions,
        buttonDisabled: !next.purchasable,
        importedRatingShown: next.importedRatingShown,
        stock: next.stock,
        madeToOrder: next.madeToOrder,
        leadTimeBusinessDays: next.leadTimeBusinessDays,
        priceCents: next.priceCents,
        priceTable: next.priceTable,
        visibility: next.visibility,
        weightGrams: next.weightGrams,
        lengthCm: next.lengthCm,
        widthCm: next.widthCm,
        heightCm: next.heightCm,
        version: sql`${products.version} + 1`,
        updatedAt: sql`now()`,
      })
      .where(and(eq(products.id, row.id), eq(products.version, version)))
      .returning();
    await recordAudit(tx, {
      actorUserId: input.actorUserId,
      action: "product.update",
      entityType: "product",
      entityId: row.id,
      entityLabel: next.name,
      before,
      after,
    });
    // The owner lowered the count to the alert level (or under it): their phones say so, as a sale would.
    if (after.stock !== undefined || after.madeToOrder !== undefined) {
      await tellOwnerIfStockLow(tx, services, { ...saved!, before: row.madeToOrder ? null : row.stock, after: saved!.stock });
    }
    await invalidateShared(tx, PRODUCTS_CACHE);
    return saved!;
  });
  // This instance's next request is fresh at once; the others when the NOTIFY arrives.
  forgetShared(db, PRODUCTS_CACHE);
  const [image] = await db.select({ image: productCatalog.image }).from(productCatalog).where(eq(productCatalog.id, updated.id));
  return toEditable({ product: updated, dbImage: image?.image ?? null }, input.origin);
}
