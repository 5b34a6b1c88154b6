// `npm run files:migrate`: copies the product photos (DATA_DIR/uploads) and the downloads
// (DATA_DIR/downloads) into the buckets of FILE_STORAGE=s3, under the keys the shop reads (decision 051).
import { ConfigError, loadConfig } from "../platform/config.ts";
import { migrateFilesToBucket } from "../platform/storage/migrate-files.ts";

try {
  const report = await migrateFilesToBucket(loadConfig());
  for (const key of report.copied) console.log(`copiado: ${key}`);
  for (const file of report.skipped) console.log(`ignorado (nome ou tipo que a loja não serve): ${file}`);
  console.log(`${report.copied.length} arquivo(s) copiados para o bucket; os do disco continuam lá até você apagá-los.`);
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : (error as Error).message);
  process.exitCode = 1;
}
