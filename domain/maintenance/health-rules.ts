import { jobLabel, SCHEDULE_PERIOD_SECONDS } from "#domain/maintenance/job-labels.ts";
import type { HealthLevel } from "#domain/maintenance/maintenance-schemas.ts";

/**
 * When each part of the shop reads green, amber or red on the maintenance panel (decision 024).
 * Pure, so the thresholds are tested without a sick database. Each rule answers its level and, when
 * not green, the reason in Portuguese that the panel shows next to it.
 */

export type Verdict = { level: HealthLevel; reason: string | null };
const GREEN: Verdict = { level: "green", reason: null };

const ORDER: Record<HealthLevel, number> = { green: 0, amber: 1, red: 2 };
export const worstLevel = (levels: readonly HealthLevel[]): HealthLevel =>
  levels.reduce<HealthLevel>((worst, level) => (ORDER[level] > ORDER[worst] ? level : worst), "green");

/** A query slower than this on an idle shop means a busy or distant database. */
export const SLOW_DATABASE_MS = 200;

export function databaseVerdict(db: {
  reachable: boolean;
  latencyMs: number | null;
  pool: { inUse: number; max: number; waiting: number };
}): Verdict {
  if (!db.reachable) return { level: "red", reason: "O banco de dados não responde." };
  if (db.pool.waiting > 0) return { level: "amber", reason: `${db.pool.waiting} pedido(s) esperando uma conexão livre.` };
  if (db.pool.inUse >= db.pool.max) return { level: "amber", reason: "Todas as conexões deste servidor estão em uso." };
  if ((db.latencyMs ?? 0) > SLOW_DATABASE_MS)
    return { level: "amber", reason: `O banco demorou ${Math.round(db.latencyMs!)} ms para responder.` };
  return GREEN;
}

/** A due job waiting this long means no worker is taking jobs (amber), or none for a long while (red). */
export const JOB_WAIT_AMBER_SECONDS = 60;
export const JOB_WAIT_RED_SECONDS = 15 * 60;
/** A schedule not queued for its own period plus this long has stopped (a minute's one: 31 minutes). */
export const SCHEDULE_LATE_SECONDS = 30 * 60;

/** How long since its last run a schedule may go before it counts as stopped: its period, plus the margin. */
export const scheduleLateAfterSeconds = (task: string) => (SCHEDULE_PERIOD_SECONDS[task] ?? 60) + SCHEDULE_LATE_SECONDS;

export function jobsVerdict(
  jobs: { failed: number; oldestWaitingSeconds: number | null; schedules: ReadonlyArray<{ task: string; lastRunAt: Date | null }> },
  now: Date,
): Verdict {
  const waited = jobs.oldestWaitingSeconds ?? 0;
  if (waited >= JOB_WAIT_RED_SECONDS)
    return { level: "red", reason: `Há tarefas esperando há ${Math.round(waited / 60)} minutos: nenhum servidor as executa.` };
  const late = jobs.schedules.filter(
    (s) => s.lastRunAt && (now.getTime() - s.lastRunAt.getTime()) / 1000 > scheduleLateAfterSeconds(s.task),
  );
  if (late.length > 0) return { level: "red", reason: `Tarefas agendadas paradas: ${late.map((s) => jobLabel(s.task)).join(", ")}.` };
  if (waited >= JOB_WAIT_AMBER_SECONDS) return { level: "amber", reason: `A tarefa mais antiga espera há ${waited} s.` };
  if (jobs.failed > 0)
    return {
      level: "amber",
      reason: jobs.failed === 1 ? "1 tarefa falhou de vez." : `${jobs.failed.toLocaleString("pt-BR")} tarefas falharam de vez.`,
    };
  return GREEN;
}

export function emailVerdict(
  email: { transport: "smtp" | "outbox"; failuresLast24h: number; retrying: number },
  production: boolean,
): Verdict {
  if (email.failuresLast24h > 0) return { level: "red", reason: `${email.failuresLast24h} e-mail(s) não saíram nas últimas 24 h.` };
  if (email.retrying > 0) return { level: "amber", reason: `${email.retrying} e-mail(s) sendo tentados de novo.` };
  if (email.transport === "outbox" && production)
    return { level: "amber", reason: "SMTP_URL não está definido: os e-mails ficam na pasta outbox e não chegam aos clientes." };
  return GREEN;
}

/** Free space below these shares (or 1 GB) of the disk of DATA_DIR. */
export const DISK_RED_SHARE = 0.05;
export const DISK_AMBER_SHARE = 0.15;
const GIGABYTE = 1024 ** 3;

export function diskVerdict(disk: { freeBytes: number | null; totalBytes: number | null }): Verdict {
  if (disk.freeBytes === null || !disk.totalBytes) return { level: "amber", reason: "Não foi possível ler o espaço em disco." };
  const share = disk.freeBytes / disk.totalBytes;
  if (share < DISK_RED_SHARE || disk.freeBytes < GIGABYTE) return { level: "red", reason: "Disco quase cheio." };
  if (share < DISK_AMBER_SHARE) return { level: "amber", reason: "Pouco espaço livre em disco." };
  return GREEN;
}
