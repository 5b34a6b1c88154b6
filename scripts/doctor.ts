// `npm run doctor`: the go-live check on the server (issue 28 item 2, decision 056), the same items
// as the maintenance panel: each ✔ or ✘ with what to do. Exits 1 while anything is red, so a deploy
// script can refuse to open a shop that would take Pix into pix@example.com.
// Uses DATABASE_URL, or the embedded PostgreSQL of DATA_DIR (running or not), like `npm run backup`.
import { readGoLive } from "../domain/settings/go-live.server.ts";
import { ConfigError, loadConfig } from "../platform/config.ts";
import { createDatabase } from "../platform/db/client.ts";
import { openShopDatabase } from "./shop-database.ts";

let database: Awaited<ReturnType<typeof openShopDatabase>> | undefined;
let db: ReturnType<typeof createDatabase> | undefined;
try {
  const config = loadConfig();
  database = await openShopDatabase(config);
  db = createDatabase(database.url, 2);
  const report = await readGoLive({ db, config });
  console.log("Verificação para abrir a loja\n");
  for (const item of report.items) console.log(`${item.ok ? "✔" : "✘"} ${item.label}: ${item.detail}`);
  const red = report.items.filter((item) => !item.ok).length;
  console.log(red === 0 ? "\nTudo verde: a loja pode abrir." : `\n${red} item(ns) em vermelho: resolva-os antes de abrir a loja.`);
  process.exitCode = red === 0 ? 0 : 1;
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exitCode = 2;
} finally {
  await db?.$client.end();
  await database?.close();
}
