// Direct access to the test shop's embedded PostgreSQL (Unix socket in its DATA_DIR), for states no
// page can produce yet, such as a cart moved to pending_payment by the checkout.
import path from "node:path";
import pg from "pg";
import { E2E_DATA_DIR } from "./test-env.ts";

export async function withShopDatabase<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ host: path.resolve(E2E_DATA_DIR, "postgres"), port: 5432, user: "postgres", database: "shop" });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}
