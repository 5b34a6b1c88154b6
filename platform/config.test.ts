import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig, publicConfig } from "#platform/config.ts";

function configError(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
}

describe("loadConfig", () => {
  it("has working defaults with an empty environment", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      NODE_ENV: "production",
      PORT: 3000,
      HOST: "0.0.0.0",
      LOG_LEVEL: "info",
      TRUST_PROXY: false,
      MAX_BODY_BYTES: 100_000,
      EXPOSE_TEST_ROUTES: false,
    });
    expect(config.DATABASE_URL).toBeUndefined(); // embedded PostgreSQL
    expect(config.dataDir).toBe(path.resolve("data"));
  });

  it("reads overrides from the environment as their types", () => {
    const config = loadConfig({
      PORT: "8080",
      DATABASE_URL: "postgres://loja:segredo@db.internal:5432/loja",
      DATA_DIR: "/var/lib/loja",
      TRUST_PROXY: "true",
      MAX_BODY_BYTES: "2048",
    });
    expect(config.PORT).toBe(8080);
    expect(config.DATABASE_URL).toBe("postgres://loja:segredo@db.internal:5432/loja");
    expect(config.dataDir).toBe("/var/lib/loja");
    expect(config.TRUST_PROXY).toBe(true);
    expect(config.MAX_BODY_BYTES).toBe(2048);
  });

  it("accepts a Unix-socket DATABASE_URL (the embedded server's own form)", () => {
    const url = "postgresql://postgres@%2Ftmp%2Floja%2Fpostgres:5432/shop";
    expect(loadConfig({ DATABASE_URL: url }).DATABASE_URL).toBe(url);
  });

  it("treats a variable set to the empty string as unset", () => {
    // `PORT=` in a compose file or .env must not mean "port 0" (a random port).
    const config = loadConfig({ PORT: "", DATABASE_URL: "", LOG_LEVEL: "" });
    expect(config.PORT).toBe(3000);
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.LOG_LEVEL).toBe("info");
  });

  it.each([
    ["PORT", "abc"],
    ["PORT", "70000"],
    ["DATABASE_URL", "http://x"],
    ["DATABASE_URL", "não é url"],
    ["LOG_LEVEL", "verbose"],
    ["TRUST_PROXY", "talvez"],
    ["MAX_BODY_BYTES", "-1"],
    ["SUPPORT_WHATSAPP", "+55 11 99999-9999"],
    ["SHOP_EMAIL", "sem-arroba"],
  ])("rejects %s=%s with an error naming the variable", (name, value) => {
    const error = configError({ [name]: value });
    expect(error.message).toContain("Invalid environment configuration");
    expect(error.message).toMatch(new RegExp(`^ {2}${name}: `, "m"));
  });

  it("names every invalid variable at once", () => {
    const error = configError({ PORT: "abc", DATABASE_URL: "http://x" });
    expect(error.message).toMatch(/^ {2}PORT: /m);
    expect(error.message).toMatch(/^ {2}DATABASE_URL: /m);
  });
});

describe("checkout settings (decision 005)", () => {
  it("defaults to a 30-minute Pix, ViaCEP with a short timeout, and reads overrides", () => {
    expect(loadConfig({})).toMatchObject({
      PIX_EXPIRY_MINUTES: 30,
      CEP_LOOKUP_URL: "https://viacep.com.br/ws",
      CEP_LOOKUP_TIMEOUT_MS: 1500,
      RATING_REMINDER_DAYS: 3,
    });
    const config = loadConfig({
      PIX_KEY: "+5511912345678",
      PIX_MERCHANT_NAME: "Loja X",
      PIX_MERCHANT_CITY: "Recife",
      PIX_EXPIRY_MINUTES: "45",
      CEP_LOOKUP_URL: "off",
    });
    expect(config).toMatchObject({
      PIX_KEY: "+5511912345678",
      PIX_MERCHANT_NAME: "Loja X",
      PIX_MERCHANT_CITY: "Recife",
      PIX_EXPIRY_MINUTES: 45,
      CEP_LOOKUP_URL: "off",
    });
  });
  it("refuses an expiry out of range and a lookup URL that is not http(s)", () => {
    const error = configError({ PIX_EXPIRY_MINUTES: "1", CEP_LOOKUP_URL: "ftp://x" });
    expect(error.message).toMatch(/^ {2}PIX_EXPIRY_MINUTES: /m);
    expect(error.message).toMatch(/^ {2}CEP_LOOKUP_URL: /m);
  });
});

describe("publicConfig", () => {
  it("exposes only the support number and the legal identity", () => {
    const config = loadConfig({ DATABASE_URL: "postgres://u:segredo@h/db", SUPPORT_WHATSAPP: "5511988887777" });
    const exposed = publicConfig(config);
    expect(exposed).toEqual({
      supportWhatsapp: "5511988887777",
      legal: { name: config.SHOP_LEGAL_NAME, cnpj: config.SHOP_CNPJ, address: config.SHOP_ADDRESS, email: config.SHOP_EMAIL },
    });
    expect(JSON.stringify(exposed)).not.toContain("segredo");
  });
});
