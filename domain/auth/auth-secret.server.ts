import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Config } from "#platform/config.ts";

/** Tests run without a data folder of their own: one random secret per test process. */
const testSecret = randomBytes(32).toString("base64url");

function readSecret(file: string): string | undefined {
  try {
    const value = readFileSync(file, "utf8").trim();
    return value.length >= 32 ? value : undefined;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}

/**
 * The secret that signs session cookies and e-mail tokens: BETTER_AUTH_SECRET when set; otherwise
 * a random one generated on the first start and kept in DATA_DIR/auth-secret (0600), so `npm start`
 * needs no setting and a restart keeps everyone signed in. Several instances must share one secret:
 * set BETTER_AUTH_SECRET for them.
 */
export function authSecret(config: Config): string {
  if (config.BETTER_AUTH_SECRET) return config.BETTER_AUTH_SECRET;
  // Read once per configuration: the cart token (decision 017) asks for it on every cart request,
  // and a file read each time held the event loop.
  let secret = secretsByConfig.get(config);
  if (!secret) {
    secret = secretFromDataDir(config);
    secretsByConfig.set(config, secret);
  }
  return secret;
}

const secretsByConfig = new WeakMap<Config, string>();

function secretFromDataDir(config: Config): string {
  if (config.NODE_ENV === "test") return testSecret;
  const file = path.join(config.dataDir, "auth-secret");
  const existing = readSecret(file);
  if (existing) return existing;
  mkdirSync(config.dataDir, { recursive: true });
  try {
    // "wx": two processes starting together must not overwrite each other's secret.
    writeFileSync(file, `${randomBytes(32).toString("base64url")}\n`, { mode: 0o600, flag: "wx" });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  const created = readSecret(file);
  if (!created) throw new Error(`${file} exists but holds no usable secret; delete it or set BETTER_AUTH_SECRET`);
  return created;
}
