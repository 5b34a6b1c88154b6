import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "#platform/config.ts";
import { authSecret } from "#domain/auth/auth-secret.server.ts";

let dataDir: string;
beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "shop-secret-"));
});
afterAll(async () => fs.rm(dataDir, { recursive: true, force: true }));

describe("authSecret", () => {
  it("uses BETTER_AUTH_SECRET when set", () => {
    const secret = "s".repeat(40);
    expect(authSecret(loadConfig({ BETTER_AUTH_SECRET: secret, DATA_DIR: dataDir }))).toBe(secret);
  });

  it("refuses a short BETTER_AUTH_SECRET at start-up", () => {
    expect(() => loadConfig({ BETTER_AUTH_SECRET: "curto" })).toThrow(/BETTER_AUTH_SECRET/);
  });

  it("otherwise generates a random one in DATA_DIR/auth-secret (0600) and keeps it across restarts", async () => {
    const config = loadConfig({ DATA_DIR: dataDir });
    const first = authSecret(config);
    expect(first.length).toBeGreaterThanOrEqual(40);
    const stat = await fs.stat(path.join(dataDir, "auth-secret"));
    expect(stat.mode & 0o777).toBe(0o600);
    expect(authSecret(loadConfig({ DATA_DIR: dataDir }))).toBe(first);
    const other = await fs.mkdtemp(path.join(os.tmpdir(), "shop-secret-"));
    try {
      expect(authSecret(loadConfig({ DATA_DIR: other }))).not.toBe(first);
    } finally {
      await fs.rm(other, { recursive: true, force: true });
    }
  });
});

describe("ADMIN_EMAILS", () => {
  it("is a comma-separated list, trimmed and lower-cased; an invalid entry stops the start", () => {
    expect(loadConfig({ ADMIN_EMAILS: " Ana@Example.com, ,bia@example.com " }).ADMIN_EMAILS).toEqual([
      "ana@example.com",
      "bia@example.com",
    ]);
    expect(loadConfig({}).ADMIN_EMAILS).toEqual([]);
    expect(() => loadConfig({ ADMIN_EMAILS: "ana@example.com, não-é-email" })).toThrow(/ADMIN_EMAILS/);
  });
});
