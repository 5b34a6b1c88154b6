// `npm run admin:create -- email@example.com`: creates (or promotes) an admin account.
// The password comes from ADMIN_PASSWORD when set; otherwise one is generated and printed once.
// Works on the embedded PostgreSQL (running or not) and on DATABASE_URL.
import path from "node:path";
import pg from "pg";
import { createAdmin, CreateAdminError } from "../domain/auth/create-admin.server.ts";
import { ConfigError, loadConfig } from "../platform/config.ts";
import { createDatabase } from "../platform/db/client.ts";
import { ensureDatabase, startEmbeddedPostgres, type EmbeddedPostgres } from "../server/db/embedded-postgres.ts";
import { runMigrations } from "../server/db/migrate.ts";
import { createLogger } from "../platform/logger.ts";

const email = process.argv[2];
if (!email || email.startsWith("-")) {
  console.error("Uso: npm run admin:create -- email@exemplo.com   (senha: ADMIN_PASSWORD=... ou gerada e mostrada)");
  process.exit(2);
}

async function answers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

let embedded: EmbeddedPostgres | undefined;
try {
  const config = loadConfig();
  let url = config.DATABASE_URL;
  if (!url) {
    // The shop's own embedded server: use it as is when it runs (the shop may be serving), else start it.
    const socket = path.join(config.dataDir, "postgres");
    const running = `postgresql://postgres@${encodeURIComponent(socket)}:5432/shop`;
    if (await answers(running)) url = running;
    else {
      embedded = await startEmbeddedPostgres({ dataDir: config.dataDir, logger: createLogger("warn") });
      await ensureDatabase(embedded.urlFor("postgres"), "shop");
      url = embedded.urlFor("shop");
    }
  }
  await runMigrations(url);
  const db = createDatabase(url, 2);
  try {
    const result = await createAdmin(db, email, process.env.ADMIN_PASSWORD || undefined);
    console.log(`${result.created ? "Conta de administrador criada" : "Conta existente promovida a administradora"}: ${result.email}`);
    console.log(
      result.generated ? `Senha (anote agora, ela não será mostrada de novo): ${result.password}` : "Senha: a de ADMIN_PASSWORD.",
    );
    console.log("O e-mail já está confirmado; entre em /auth.");
  } finally {
    await db.$client.end();
  }
} catch (error) {
  const known = error instanceof CreateAdminError || error instanceof ConfigError;
  console.error(known ? (error as Error).message : error);
  process.exitCode = 1;
} finally {
  await embedded?.stop();
}
