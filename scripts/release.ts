// `npm run release [-- FOLDER]`: a folder that runs the shop with production dependencies only
// (decision 054): the built server and browser files, the SQL migrations, package.json and its
// lock, and start.js. Install it with `npm ci --omit=dev` and run `npm start` (ROLE, PORT,
// DATABASE_URL… as in the README). The Dockerfile builds its image from this same step.
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { buildIfNeeded, root } from "./build-if-needed.ts";

const target = path.resolve(process.argv[2] ?? path.join(root, "release"));
// The folder is emptied first: never one that holds the project itself.
if (!path.relative(target, root).startsWith("..")) {
  console.error(`release: a pasta ${target} contém o projeto; escolha outra`);
  process.exit(1);
}

buildIfNeeded();
rmSync(target, { recursive: true, force: true });
mkdirSync(target, { recursive: true });

// What the server reads at run time: its bundle and the browser's files (build/), and the
// migrations, found beside the package.json above the bundle (server/db/migrate.ts).
cpSync(path.join(root, "build"), path.join(target, "build"), { recursive: true });
cpSync(path.join(root, "platform", "db", "migrations"), path.join(target, "platform", "db", "migrations"), { recursive: true });
cpSync(path.join(root, "package-lock.json"), path.join(target, "package-lock.json"));

type Manifest = { scripts?: Record<string, string>; devDependencies?: unknown; [key: string]: unknown };
const manifest = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as Manifest;
// No development dependency at all: with them listed, `npm ci --omit=dev` still installs the ones
// a production package names as optional peers (better-auth names vitest, drizzle-kit…).
delete manifest.devDependencies;
manifest.scripts = { start: "node start.js" };
writeFileSync(path.join(target, "package.json"), JSON.stringify(manifest, null, 2) + "\n");
// The project's lock, pruned to the production tree: the same versions, nothing else.
const pruned = spawnSync("npm", ["install", "--package-lock-only", "--ignore-scripts", "--no-audit", "--no-fund"], {
  cwd: target,
  stdio: "inherit",
});
if (pruned.status !== 0) {
  console.error("release: `npm install --package-lock-only` falhou");
  process.exit(1);
}

writeFileSync(
  path.join(target, "start.js"),
  `// Starts the shop from this release (decision 054). \`npm start\` runs it with the Node 24 that
// \`npm ci --omit=dev\` installed (the \`node\` dependency); settings come from the environment.
process.env.NODE_ENV ??= "production";
const { startServer } = await import("./build/server/index.js");
try {
  await startServer();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
`,
);

if (!existsSync(path.join(target, "build", "server", "index.js"))) {
  console.error("release: build/server/index.js não foi copiado");
  process.exit(1);
}
console.log(`Release em ${target}. Para instalar e iniciar:\n\n    cd ${target} && npm ci --omit=dev && npm start\n`);
