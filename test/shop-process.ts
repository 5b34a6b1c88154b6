// Runs the real built server (`node scripts/start.ts --no-build`) as a child process.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";

export const root = path.resolve(import.meta.dirname, "..");
export const serverBuild = path.join(root, "build", "server", "index.js");
/** The project's own Node 24 (the `node` devDependency), whatever Node runs the tests. */
const node = path.join(root, "node_modules", ".bin", "node");

/** Builds the production bundle when there is none (a fresh clone); an existing one is reused. */
export async function buildIfMissing(): Promise<void> {
  if (existsSync(serverBuild)) return;
  const output: string[] = [];
  const code = await new Promise<number | null>((resolve, reject) => {
    const child = spawn("npm", ["run", "build"], { cwd: root, stdio: ["ignore", "pipe", "pipe"] });
    child.stdout.on("data", (chunk: Buffer) => output.push(chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => output.push(chunk.toString()));
    child.on("error", reject);
    child.on("close", resolve);
  });
  if (code !== 0 || !existsSync(serverBuild)) throw new Error(`npm run build failed (${code}):\n${output.join("")}`);
}

export type Exit = { code: number | null; signal: NodeJS.Signals | null };

export type ShopProcess = {
  child: ChildProcess;
  port: number;
  /** Every line the process wrote (pino JSON on stdout, anything on stderr). */
  output: string[];
  exited: Promise<Exit>;
  url(pathname: string): string;
  /** Sends the signal and waits for the process to end. */
  stop(signal: NodeJS.Signals): Promise<Exit>;
};

const running = new Set<ChildProcess>();

// If the test worker goes away mid-test (Vitest interrupted), a shop it started would be left
// running with its PostgreSQL: ask it to shut down (it stops its PostgreSQL on SIGTERM).
process.on("exit", () => {
  for (const child of running) child.kill("SIGTERM");
});

/** Kills (SIGKILL) whatever a test left running; call from afterAll. */
export async function killAll(): Promise<void> {
  await Promise.all(
    [...running].map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          child.once("exit", () => resolve());
          child.kill("SIGKILL");
        }),
    ),
  );
  running.clear();
}

/** Another way to start the shop than the repository's `scripts/start.ts --no-build` (a release folder's start.js). */
export type Launch = { node: string; args: string[]; cwd: string };

/** What a process logs once it listens: the shop, or a worker (ROLE=worker) serving only its probes. */
const LISTENING = new Set(["shop listening", "worker probes listening"]);

/**
 * Starts the shop exactly as `npm start` does, minus the build step, listening on a port chosen by
 * the system (PORT=0, read back from the "shop listening" log line) unless `env` names one.
 * Resolves once it listens.
 */
export function startShop(env: Record<string, string>, launch?: Launch): Promise<ShopProcess> {
  const base = { ...process.env };
  // Nothing of the test runner's database or environment leaks into the shop.
  for (const name of Object.keys(base)) {
    if (name === "DATABASE_URL" || name === "NODE_ENV" || name.includes("VITEST") || name.startsWith("TEST_")) {
      delete base[name];
    }
  }
  const child = spawn(launch?.node ?? node, launch?.args ?? ["scripts/start.ts", "--no-build"], {
    cwd: launch?.cwd ?? root,
    env: { ...base, PORT: "0", HOST: "127.0.0.1", LOG_LEVEL: "info", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  running.add(child);
  const output: string[] = [];
  const exited = new Promise<Exit>((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })));
  void exited.then(() => running.delete(child));

  return new Promise<ShopProcess>((resolve, reject) => {
    const onLine = (line: string) => {
      output.push(line);
      let entry: { msg?: string; port?: number };
      try {
        entry = JSON.parse(line) as typeof entry;
      } catch {
        return;
      }
      if (entry.msg && LISTENING.has(entry.msg) && typeof entry.port === "number") {
        const port = entry.port;
        resolve({
          child,
          port,
          output,
          exited,
          url: (pathname) => `http://127.0.0.1:${port}${pathname}`,
          stop(signal) {
            child.kill(signal);
            return exited;
          },
        });
      }
    };
    let pending = { stdout: "", stderr: "" };
    for (const stream of ["stdout", "stderr"] as const) {
      child[stream].on("data", (chunk: Buffer) => {
        const lines = (pending[stream] + chunk.toString()).split("\n");
        pending = { ...pending, [stream]: lines.pop() ?? "" };
        lines.forEach(onLine);
      });
    }
    child.once("error", reject);
    void exited.then(({ code, signal }) => {
      for (const rest of Object.values(pending)) if (rest) output.push(rest);
      reject(new Error(`the shop exited before listening (code ${code}, signal ${signal}):\n${output.join("\n")}`));
    });
  });
}

/** Polls until the URL answers 200; gives up (with the last answer) after `limitMs`. */
export async function waitForOk(url: string, limitMs = 60_000): Promise<void> {
  const deadline = Date.now() + limitMs;
  let last = "";
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url);
      if (response.status === 200) return;
      last = `${response.status} ${await response.text()}`;
    } catch (error) {
      last = String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not answer 200 within ${limitMs} ms; last answer: ${last}`);
}
