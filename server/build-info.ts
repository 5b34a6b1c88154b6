import { readFileSync } from "node:fs";
import path from "node:path";
import type { BuildInfo } from "#domain/maintenance/health.server.ts";

/** When this process started (the maintenance panel shows it: a restart loop reads as a recent time). */
const STARTED_AT = new Date(Date.now() - Math.round(process.uptime() * 1000));

function packageVersion(): string {
  try {
    const manifest = JSON.parse(readFileSync(path.join(process.cwd(), "package.json"), "utf8")) as { version?: unknown };
    return typeof manifest.version === "string" ? manifest.version : "desconhecida";
  } catch {
    return "desconhecida";
  }
}

let version: string | undefined;

/** The shop's version (package.json of the folder it runs from, read once) and this process's start. */
export function buildInfo(): BuildInfo {
  version ??= packageVersion();
  return { version, startedAt: STARTED_AT };
}
