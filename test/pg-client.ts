// The backup tests need pg_dump and pg_restore of the test server's version (decision 026):
// `npm test` installs them first (npm run pg-client); a test file run alone installs them here.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { root } from "#test/shop-process.ts";

let ready = false;

export function ensurePgClient(): void {
  if (ready) return;
  const node = path.join(root, "node_modules", ".bin", "node");
  const result = spawnSync(node, ["scripts/pg-client.ts"], { cwd: root, encoding: "utf8" });
  if (result.status !== 0) throw new Error(`npm run pg-client falhou:\n${result.stdout}\n${result.stderr}`);
  ready = true;
}
