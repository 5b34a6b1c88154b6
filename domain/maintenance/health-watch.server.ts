/**
 * The health's watch (issue 31): a scheduled job reads the same health as the maintenance panel and
 * tells the owner's phones when it turns red, once per red spell. The last level is a row, so every
 * instance's worker shares it and a restart does not tell again about a red already told.
 */
import { eq } from "drizzle-orm";
import type { AppServices } from "#platform/services.ts";
import { healthWatch } from "#platform/db/tables/maintenance.ts";
import { readHealth, type BuildInfo } from "#domain/maintenance/health.server.ts";
import type { Health, HealthLevel } from "#domain/maintenance/maintenance-schemas.ts";
import { enqueueOwnerPush } from "#domain/push/push-queue.server.ts";
import { HOUR_SECONDS, type PushMessage } from "#domain/push/push-messages.ts";

/** The health's parts in the panel's order, with their names in the push. */
const PARTS = [
  ["database", "Banco de dados"],
  ["jobs", "Tarefas"],
  ["email", "E-mail"],
  ["disk", "Disco"],
] as const;

/** "Sistema com problema": the red parts and the first one's reason; a tap opens the health screen. */
export function healthRedPush(health: Health): PushMessage {
  const red = PARTS.filter(([part]) => health[part].level === "red");
  const first = red[0] ? health[red[0][0]].reason : null;
  return {
    title: `Sistema com problema: ${red.map(([, name]) => name).join(", ") || "verifique"}`,
    body: `${first ?? "A saúde da loja ficou vermelha."} Toque para ver.`,
    path: "/maintenance-panel/saude",
    // The shop may be failing customers now: at once, and stale after a few hours (the panel tells the rest).
    ttlSeconds: 6 * HOUR_SECONDS,
    urgency: "high",
    topic: "saude-vermelha",
  };
}

/** The scheduled job: reads the health as the panel does, and keeps it (below). */
export async function watchHealth(services: AppServices, build: BuildInfo, now = new Date()): Promise<number> {
  return keepHealthLevel(services, await readHealth(services, build, now), now);
}

/**
 * Keeps a reading's level; queues the owner's push when it turned red. Returns how many pushes it
 * queued (0 or more), for the scheduled job's log.
 */
export async function keepHealthLevel(services: Pick<AppServices, "config" | "db">, health: Health, now = new Date()): Promise<number> {
  return services.db.transaction(async (tx) => {
    // The row exists from the first watch on; its lock makes two workers' watches take turns.
    await tx.insert(healthWatch).values({ level: "green", changedAt: now, checkedAt: now }).onConflictDoNothing();
    const [previous] = await tx.select({ level: healthWatch.level }).from(healthWatch).where(eq(healthWatch.id, true)).for("update");
    const level: HealthLevel = health.level;
    const changed = previous?.level !== level;
    await tx
      .update(healthWatch)
      .set({ level, checkedAt: now, ...(changed ? { changedAt: now } : {}) })
      .where(eq(healthWatch.id, true));
    if (!changed || level !== "red") return 0;
    return enqueueOwnerPush(tx, services, "health_red", healthRedPush(health));
  });
}
