// `npm test`: every check of the shop, in order, stopping at the first failure.
// Chromium, nginx → PostgreSQL client → typecheck → lint → build → Vitest (unit and integration) →
// deploy (release, rolling restart) → Playwright (browser journeys).
import { spawn, spawnSync } from "node:child_process";
import { accessSync, constants, existsSync } from "node:fs";
import path from "node:path";
import { chromiumPath, DEFAULT_CHROMIUM } from "./chromium-path.ts";

const root = path.resolve(import.meta.dirname, "..");
type Step = { name: string; command: string; args: string[]; env?: NodeJS.ProcessEnv };
type Timing = { name: string; seconds: number; ok: boolean };

const timings: Timing[] = [];

function seconds(startedAt: number): number {
  return Math.round((performance.now() - startedAt) / 100) / 10;
}

function printSummary(): void {
  if (timings.length === 0) return;
  console.log("\nResumo:");
  for (const { name, seconds, ok } of timings)
    console.log(`  ${(ok ? "ok" : "FALHOU").padEnd(7)}${name.padEnd(11)} ${seconds.toFixed(1)} s`);
}

function fail(message: string, code = 1): never {
  console.error(`\n✖ ${message}`);
  printSummary();
  process.exit(code);
}

/** Runs a command with the terminal attached; resolves with its exit code. */
function run(command: string, args: string[], env?: NodeJS.ProcessEnv): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: "inherit", env: { ...process.env, ...env } });
    child.on("error", (error) => {
      console.error(`${command}: ${error.message}`);
      resolve(127);
    });
    child.on("close", (code, signal) => resolve(code ?? (signal ? 128 : 1)));
  });
}

async function step(name: string, body: () => Promise<void>): Promise<void> {
  console.log(`\n▶ ${name}`);
  const startedAt = performance.now();
  try {
    await body();
  } catch (error) {
    timings.push({ name, seconds: seconds(startedAt), ok: false });
    fail(`${name}: ${error instanceof Error ? error.message : String(error)}`);
  }
  timings.push({ name, seconds: seconds(startedAt), ok: true });
  console.log(`✔ ${name} (${seconds(startedAt).toFixed(1)} s)`);
}

function commandStep({ name, command, args, env }: Step): Promise<void> {
  return step(name, async () => {
    console.log(`$ ${[command, ...args].join(" ")}`);
    const code = await run(command, args, env);
    if (code !== 0) throw new Error(`\`${[command, ...args].join(" ")}\` saiu com o código ${code}`);
  });
}

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function hasAptGet(): boolean {
  return spawnSync("sh", ["-c", "command -v apt-get"], { stdio: "ignore" }).status === 0;
}

let aptUpdated = false;

async function aptInstall(pkg: string): Promise<void> {
  const env = { DEBIAN_FRONTEND: "noninteractive" };
  if (!aptUpdated) {
    console.log("$ apt-get update");
    if ((await run("apt-get", ["update"], env)) !== 0) throw new Error("`apt-get update` falhou");
    aptUpdated = true;
  }
  console.log(`$ apt-get install -y --no-install-recommends ${pkg}`);
  if ((await run("apt-get", ["install", "-y", "--no-install-recommends", pkg], env)) !== 0) {
    throw new Error(`\`apt-get install -y --no-install-recommends ${pkg}\` falhou`);
  }
}

const NGINX = "/usr/sbin/nginx";

/** The deploy test puts Debian's nginx in front of the instances (decision 053): install it like Chromium. */
async function ensureNginx(): Promise<void> {
  if (!isExecutable(NGINX)) {
    if (process.getuid?.() !== 0 || !hasAptGet()) {
      throw new Error(`o nginx não está instalado em ${NGINX}. Instale-o e rode de novo:\n\n    sudo apt-get install nginx\n`);
    }
    console.log(`nginx não encontrado em ${NGINX}; instalando o pacote do Debian (somos root):`);
    await aptInstall("nginx");
    if (!isExecutable(NGINX)) throw new Error(`o pacote nginx foi instalado, mas ${NGINX} não existe`);
  }
  const version = spawnSync(NGINX, ["-v"], { encoding: "utf8" });
  console.log(`nginx: ${NGINX} (${(version.stderr || version.stdout || "versão desconhecida").trim()})`);
}

/** The browser tests drive Debian's Chromium: install it when we can, else say how. */
async function ensureChromium(): Promise<void> {
  const custom = process.env.CHROMIUM_PATH;
  const chromium = chromiumPath();
  if (!isExecutable(chromium)) {
    if (custom)
      throw new Error(
        `CHROMIUM_PATH=${custom} não existe ou não é executável. Corrija a variável ou remova-a para usar ${DEFAULT_CHROMIUM}.`,
      );
    const isRoot = process.getuid?.() === 0;
    if (!isRoot || !hasAptGet()) {
      throw new Error(
        `o Chromium não está instalado em ${DEFAULT_CHROMIUM}. Instale-o e rode de novo:\n\n    sudo apt-get install chromium\n\n` +
          `(ou aponte CHROMIUM_PATH para um Chromium ou Chrome já instalado)`,
      );
    }
    console.log(`Chromium não encontrado em ${DEFAULT_CHROMIUM}; instalando o pacote do Debian (somos root):`);
    await aptInstall("chromium");
    if (!isExecutable(DEFAULT_CHROMIUM)) throw new Error(`o pacote chromium foi instalado, mas ${DEFAULT_CHROMIUM} não existe`);
  }
  const version = spawnSync(chromium, ["--version"], { encoding: "utf8" });
  console.log(`Chromium: ${chromium} (${(version.stdout || version.stderr || "versão desconhecida").trim()})`);
}

if (!existsSync(path.join(root, "node_modules"))) fail("node_modules não existe: rode `npm ci` antes de `npm test`.");

const startedAt = performance.now();
await step("chromium", ensureChromium);
await step("nginx", ensureNginx);
// The backup tests need pg_dump/pg_restore of the embedded PostgreSQL's version (decision 026).
await commandStep({ name: "pg-client", command: "npm", args: ["run", "pg-client"] });
await commandStep({ name: "typecheck", command: "npm", args: ["run", "typecheck"] });
await commandStep({ name: "lint", command: "npm", args: ["run", "lint"] });
await commandStep({ name: "build", command: "npm", args: ["run", "build"] });
await commandStep({ name: "vitest", command: "npx", args: ["vitest", "run"] });
// The release from `npm ci --omit=dev`, and a rolling restart behind nginx under load (decisions 053, 054).
await commandStep({ name: "deploy", command: "npm", args: ["run", "test:deploy"] });
await commandStep({ name: "playwright", command: "npx", args: ["playwright", "test"] });
printSummary();
console.log(`\n✔ npm test: tudo passou em ${seconds(startedAt).toFixed(1)} s`);
