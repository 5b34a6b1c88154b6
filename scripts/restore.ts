// `npm run restore -- FILE`: restores a backup (`npm run backup` or the panel's download) into the
// shop's database (DATABASE_URL or the embedded PostgreSQL of DATA_DIR), which must be empty: a
// restore never mixes a backup with other data. All or nothing (one transaction). Decision 026.
import path from "node:path";
import { BackupError, restoreDump } from "../platform/db/backup.ts";
import { PgToolMissingError } from "../platform/db/pg-tools.ts";
import { ConfigError, loadConfig } from "../platform/config.ts";
import { openShopDatabase } from "./shop-database.ts";

const file = process.argv[2];
if (!file || file.startsWith("-")) {
  console.error("Uso: npm run restore -- caminho/do/backup.dump   (restaura num banco vazio: DATABASE_URL ou o embutido de DATA_DIR)");
  process.exit(2);
}

let database: Awaited<ReturnType<typeof openShopDatabase>> | undefined;
try {
  const config = loadConfig();
  database = await openShopDatabase(config);
  await restoreDump(database.url, path.resolve(file), { binDir: config.PG_BIN_DIR });
  console.log(`Backup ${file} restaurado. Inicie a loja (npm start) sobre este banco.`);
} catch (error) {
  const known = error instanceof BackupError || error instanceof PgToolMissingError || error instanceof ConfigError;
  console.error(known ? (error as Error).message : error);
  process.exitCode = 1;
} finally {
  await database?.close();
}
