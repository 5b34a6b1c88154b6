import type { Database } from "#platform/db/client.ts";
import { seedCatalog } from "#domain/catalog/catalog-seed.server.ts";

/** What every start writes into the database: the catalogue's products (idempotent, see seedCatalog). */
export async function seed(db: Database): Promise<void> {
  await seedCatalog(db);
}
