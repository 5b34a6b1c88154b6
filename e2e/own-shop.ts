// A shop of a journey's own: a production process on a fresh database of the journeys' PostgreSQL,
// with its own files, port and settings (a provider's fake, cards on…), sending its e-mails to the
// journeys' SMTP sink. The shared shop keeps the default settings; these journeys need others.
import path from "node:path";
import { killAll, startShop, type ShopProcess } from "../test/shop-process.ts";
import { withShopDatabase } from "./shop-db.ts";
import { E2E_DATA_DIR, E2E_PORT, E2E_SMTP_PORT } from "./test-env.ts";

/** The shop on E2E_PORT + `portOffset` with database `name` made anew; `env` over the defaults. */
export async function startOwnShop(name: string, portOffset: number, env: Record<string, string>): Promise<ShopProcess> {
  await withShopDatabase(async (client) => {
    await client.query(`drop database if exists ${name} with (force)`);
    await client.query(`create database ${name}`);
  });
  const socket = path.resolve(E2E_DATA_DIR, "postgres");
  const port = E2E_PORT + portOffset;
  return startShop({
    DATABASE_URL: `postgres://postgres@localhost:5432/${name}?host=${encodeURIComponent(socket)}`,
    DATA_DIR: path.resolve(`${E2E_DATA_DIR}-${name}`),
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    NODE_ENV: "production",
    SMTP_URL: `smtp://127.0.0.1:${E2E_SMTP_PORT}`,
    ...env,
  }).catch(async (error: unknown) => {
    await killAll();
    throw error;
  });
}
