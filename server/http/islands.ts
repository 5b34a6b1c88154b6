import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { IslandModules } from "#app/lib/app-context.server.ts";

/** Where vite.config.ts's islands plugin writes the island entries, inside the client build. */
export const ISLANDS_MANIFEST = path.join(".vite", "islands-manifest.json");

type ManifestChunk = { file: string; name?: string; isEntry?: boolean; imports?: string[] };

/**
 * Reads the island entries of a client build. Without one (the tests, a build from before
 * islands) there are none, and every page hydrates under React Router.
 */
export function readIslandModules(clientDir: string | undefined): IslandModules {
  const file = clientDir ? path.join(clientDir, ISLANDS_MANIFEST) : undefined;
  if (!file || !existsSync(file)) return {};
  const manifest = JSON.parse(readFileSync(file, "utf8")) as Record<string, ManifestChunk>;
  return Object.fromEntries(
    Object.values(manifest)
      .filter((chunk) => chunk.isEntry && chunk.name)
      .map((chunk) => [chunk.name!, { src: `/${chunk.file}`, imports: (chunk.imports ?? []).map((imported) => `/${imported}`) }]),
  );
}
