import { sql } from "drizzle-orm";
import type { Hono } from "hono";
import type { AppServices } from "#platform/services.ts";
import type { AppEnv } from "#server/http/app-env.ts";
import { errorBody } from "#server/http/errors.ts";
import type { Lifecycle } from "#server/lifecycle.ts";

const READY_TIMEOUT_MS = 2000;

async function databaseAnswers(services: AppServices): Promise<boolean> {
  const timeout = new Promise<false>((resolve) => setTimeout(() => resolve(false), READY_TIMEOUT_MS).unref());
  const probe = services.db.execute(sql`select 1`).then(
    () => true,
    () => false,
  );
  return Promise.race([probe, timeout]);
}

/**
 * `/healthz`: the process is up (liveness). `/readyz`: send it traffic: the database answers and the
 * instance is not shutting down (a SIGTERM turns it red first, decision 053). Both roles serve them.
 */
export function mountProbes(app: Hono<AppEnv>, services: AppServices, lifecycle?: Lifecycle): void {
  app.get("/healthz", (c) => c.json({ status: "ok" }));
  app.get("/readyz", async (c) => {
    if (lifecycle && !lifecycle.ready) {
      c.header("Retry-After", "5");
      return c.json(errorBody("shutting_down", "Esta instância está sendo desligada."), 503);
    }
    return (await databaseAnswers(services))
      ? c.json({ status: "ready" })
      : c.json(errorBody("database_unavailable", "Banco de dados indisponível."), 503);
  });
}
