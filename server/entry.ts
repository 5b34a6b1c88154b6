// Entry of build/server/index.js: the React Router build plus the shop's server, one bundle.
import { fileURLToPath } from "node:url";
import * as build from "virtual:react-router/server-build";
import { clientBuildDir, start } from "#server/main.ts";

export function startServer(): Promise<void> {
  return start({ build: build as never, clientDir: clientBuildDir(fileURLToPath(import.meta.url)) });
}
