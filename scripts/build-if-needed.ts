import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

export const root = path.resolve(import.meta.dirname, "..");
export const serverBuild = path.join(root, "build", "server", "index.js");

// scripts/precompress.ts is part of `npm run build`: a change to it changes build/client.
const SOURCES = [
  "app",
  "domain",
  "platform",
  "server",
  "content",
  "public",
  "package-lock.json",
  "vite.config.ts",
  "react-router.config.ts",
  "scripts/precompress.ts",
];

function newestChange(entry: string): number {
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(entry).map((name) => newestChange(path.join(entry, name))));
}

/** Builds when there is no build yet or a source file is newer than it. */
export function buildIfNeeded(): void {
  const built = existsSync(serverBuild) ? statSync(serverBuild).mtimeMs : 0;
  const changed = Math.max(
    ...SOURCES.map((name) => path.join(root, name))
      .filter(existsSync)
      .map(newestChange),
  );
  if (built > changed) return;
  console.log("Construindo a loja (npm run build)...");
  const result = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
