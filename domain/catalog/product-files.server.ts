/**
 * A digital product's file from the owner's phone (issue 28 item 4, decision 062): a PDF, checked by
 * its content, written to the private file storage (DATA_DIR/downloads or the private bucket) under
 * the product's download name, replacing the one before. Buyers' links (decision 030) then serve it.
 */
import { eq, sql } from "drizzle-orm";
import type { Config } from "#platform/config.ts";
import type { Database } from "#platform/db/client.ts";
import { products } from "#platform/db/tables/catalog.ts";
import { hasDownloadFile, storeDownloadFile } from "#platform/storage/downloads.ts";
import { recordAudit } from "#domain/audit/audit-log.server.ts";
import { DomainError } from "#domain/errors.ts";
import { productNotFound } from "#domain/catalog/catalog-errors.ts";
import { isPdf, MAX_DOWNLOAD_BYTES, NOT_A_PDF_MESSAGE, DOWNLOAD_TOO_LARGE_MESSAGE } from "#domain/catalog/product-file-rules.ts";

export type ProductFileView = { productId: string; fileName: string | null; uploaded: boolean };

/** Whether the product's file is in the storage (the editor's "arquivo enviado" / "ainda não enviado"). */
export async function productFile(db: Database, config: Config, productId: string): Promise<ProductFileView> {
  const [row] = await db.select({ downloadFile: products.downloadFile }).from(products).where(eq(products.id, productId));
  if (!row) throw productNotFound();
  const uploaded = row.downloadFile ? await hasDownloadFile(config, row.downloadFile) : false;
  return { productId, fileName: row.downloadFile, uploaded };
}

/** The name a product's PDF is kept under: its download name when that is a PDF, else "<slug>.pdf". */
const pdfNameFor = (row: { slug: string; downloadFile: string | null }) =>
  row.downloadFile?.endsWith(".pdf") ? row.downloadFile : `${row.slug}.pdf`;

export async function uploadProductFile(
  db: Database,
  config: Config,
  input: { productId: string; bytes: Uint8Array; actorUserId: string },
): Promise<ProductFileView> {
  if (input.bytes.byteLength > MAX_DOWNLOAD_BYTES) throw new DomainError("invalid", "file_too_large", DOWNLOAD_TOO_LARGE_MESSAGE);
  if (!isPdf(input.bytes)) throw new DomainError("unprocessable", "not_a_pdf", NOT_A_PDF_MESSAGE);
  const [row] = await db.select().from(products).where(eq(products.id, input.productId));
  if (!row) throw productNotFound();
  if (row.unitType !== "unit" || row.needsShipping) {
    throw new DomainError(
      "conflict",
      "product_not_digital",
      "Só produtos digitais recebem arquivo para download: este produto é enviado pelos Correios.",
    );
  }
  const fileName = pdfNameFor(row);
  const replaced = await hasDownloadFile(config, fileName);
  // The file first, then the row: a buyer's link never names a file that is not there yet.
  await storeDownloadFile(config, fileName, input.bytes, "application/pdf");
  await db.transaction(async (tx) => {
    if (row.downloadFile !== fileName) {
      await tx
        .update(products)
        .set({ downloadFile: fileName, updatedAt: sql`now()` })
        .where(eq(products.id, row.id));
    }
    await recordAudit(tx, {
      actorUserId: input.actorUserId,
      action: "product.file_upload",
      entityType: "product",
      entityId: row.id,
      entityLabel: row.name,
      // The name stays when a file is replaced: the size says which one is there now.
      before: replaced ? { file: row.downloadFile, sizeBytes: null } : { file: null },
      after: { file: fileName, sizeBytes: input.bytes.byteLength },
    });
  });
  return { productId: row.id, fileName, uploaded: true };
}
