// `npm start`: build if needed, then serve the shop (embedded PostgreSQL unless DATABASE_URL).
import { pathToFileURL } from "node:url";
import { buildIfNeeded, serverBuild } from "./build-if-needed.ts";

if (!process.argv.includes("--no-build")) buildIfNeeded();
process.env.NODE_ENV ??= "production";
const { startServer } = (await import(pathToFileURL(serverBuild).href)) as { startServer: () => Promise<void> };
try {
  await startServer();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
