/**
 * `npm start` makes sure the backups can be made (issue 28 item 3, decision 056): when pg_dump and
 * pg_restore of the database server's major version are missing, it runs `npm run pg-client` (the
 * same step `npm test` takes) in the background, so a fresh install's "Baixar backup" works within a
 * minute or two and the start itself never waits for the download. When it truly cannot (no
 * apt-get, another architecture, no network), the log says why and the panel says what to run.
 */
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import type { Config } from "#platform/config.ts";
import { backupTools } from "#platform/db/backup.ts";
import { projectRoot, serverVersion } from "#platform/db/pg-tools.ts";
import type { Logger } from "#platform/logger.ts";

/** Resolves once the tools are there, were fetched, or could not be (never rejects). */
export async function ensureBackupTools(config: Config, url: string, logger: Logger): Promise<"present" | "installed" | "unavailable"> {
  try {
    if ((await backupTools(url, { binDir: config.PG_BIN_DIR })).available) return "present";
    // PG_BIN_DIR is the operator's explicit choice: never fetch over it.
    if (config.PG_BIN_DIR) {
      logger.warn({ dir: config.PG_BIN_DIR }, "backups: PG_BIN_DIR has no pg_dump/pg_restore of the database's version");
      return "unavailable";
    }
    const { major } = await serverVersion(url);
    const script = path.join(projectRoot(), "scripts", "pg-client.ts");
    if (!existsSync(script)) return "unavailable";
    logger.info({ major }, "backups: fetching pg_dump and pg_restore of the database's version in the background (npm run pg-client)");
    const output: string[] = [];
    const code = await new Promise<number | null>((resolve) => {
      const child = spawn(process.execPath, [script, String(major)], { cwd: projectRoot(), stdio: ["ignore", "pipe", "pipe"] });
      child.stdout.on("data", (chunk: Buffer) => output.push(chunk.toString()));
      child.stderr.on("data", (chunk: Buffer) => output.push(chunk.toString()));
      child.once("error", () => resolve(null));
      child.once("close", resolve);
      // A start that stops does not wait for the download.
      child.unref();
    });
    if (code === 0) {
      logger.info({ major }, "backups: pg_dump and pg_restore installed");
      return "installed";
    }
    logger.warn(
      { major, output: output.join("").slice(-2000) },
      "backups: could not fetch pg_dump and pg_restore; run npm run pg-client on the server",
    );
    return "unavailable";
  } catch (error) {
    logger.warn({ err: error }, "backups: could not check pg_dump and pg_restore");
    return "unavailable";
  }
}
