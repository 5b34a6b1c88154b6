/**
 * Each product's tax data (issue 30 item 3), kept by the invoices module beside the notes that use
 * it (table product_tax), read and saved by the product editor's "Dados fiscais" panel. Catalog owns
 * the product; this module owns how it is taxed.
 */
import { inArray } from "drizzle-orm";
import type { Database } from "#platform/db/client.ts";
import { productTax } from "#platform/db/tables/invoices.ts";
import { recordAudit } from "#domain/audit/audit-log.server.ts";
import { productNotFound } from "#domain/catalog/catalog-errors.ts";
import { cartProducts } from "#domain/catalog/cart-products.server.ts";
import type { ProductTaxData } from "#domain/invoices/invoice-payloads.ts";
import { missingTaxData, type productTaxInput, type ProductTaxView } from "#domain/invoices/product-tax-schemas.ts";
import type { z } from "zod";

type Reader = Pick<Database, "select">;

/** The tax data of these products, by id (a product without a row is left out). */
export async function productTaxFor(db: Reader, productIds: readonly string[]): Promise<Map<string, ProductTaxData>> {
  if (productIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(productTax)
    .where(inArray(productTax.productId, [...new Set(productIds)]));
  return new Map(rows.map((row) => [row.productId, row]));
}

export async function readProductTax(db: Database, productId: string): Promise<ProductTaxView> {
  const product = (await cartProducts(db, [productId])).get(productId);
  if (!product) throw productNotFound();
  const row = (await productTaxFor(db, [productId])).get(productId);
  const data = {
    ncm: row?.ncm ?? null,
    cfop: row?.cfop ?? null,
    origin: row?.origin ?? 0,
    icmsCode: row?.icmsCode ?? null,
    serviceCode: row?.serviceCode ?? null,
  };
  return { productId, ...data, needsShipping: product.needsShipping, missing: missingTaxData(data, product.needsShipping) };
}

/** The owner saves it (audited); the next note of an order with this product uses it. */
export async function saveProductTax(
  db: Database,
  productId: string,
  input: z.output<typeof productTaxInput>,
  actorUserId: string,
): Promise<ProductTaxView> {
  const before = await readProductTax(db, productId);
  await db.transaction(async (tx) => {
    await tx
      .insert(productTax)
      .values({ productId, ...input })
      .onConflictDoUpdate({ target: productTax.productId, set: { ...input, updatedAt: new Date() } });
    await recordAudit(tx, {
      actorUserId,
      action: "product.tax_update",
      entityType: "product",
      entityId: productId,
      before: { ncm: before.ncm, cfop: before.cfop, origin: before.origin, icmsCode: before.icmsCode, serviceCode: before.serviceCode },
      after: input,
    });
  });
  return readProductTax(db, productId);
}
