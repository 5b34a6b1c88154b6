/**
 * Gathers the facts of the go-live check (issue 28 item 2, decision 056) and judges them with
 * go-live-rules.ts. Each fact is read where it lives: the effective settings, the SMTP server itself,
 * the environment, the audit log and the backups folder, pg_dump, the downloads' storage (disk or bucket), PostgreSQL's
 * list of connections, and "Pronta para enviar?" when a shipping or invoice provider is configured.
 * A fact that cannot be read counts as red, with the reason.
 */
import { stat, readdir } from "node:fs/promises";
import path from "node:path";
import type { Config } from "#platform/config.ts";
import { backupTools } from "#platform/db/backup.ts";
import type { Database } from "#platform/db/client.ts";
import { projectRoot } from "#platform/db/pg-tools.ts";
import { verifySmtp } from "#platform/mail/mailer.ts";
import { REALTIME_APPLICATION_NAME } from "#platform/realtime/bus.ts";
import { hasDownloadFile } from "#platform/storage/downloads.ts";
import { latestAuditAt } from "#domain/audit/audit-log.server.ts";
import { digitalProductFiles } from "#domain/catalog/product-lookups.server.ts";
import { type GoLiveFacts, goLiveReport, type GoLiveReport } from "#domain/settings/go-live-rules.ts";
import { readFulfilmentSetup } from "#domain/settings/fulfilment-setup.server.ts";
import { currentShopSettings, smtpUrlOf } from "#domain/settings/shop-settings.server.ts";

type Services = { db: Database; config: Config };

/** Values people leave in a secret from a tutorial or an example file. */
const PLACEHOLDER_SECRET = /change|troque|altere|example|exemplo|secret|segredo|senha|password|^(.)\1+$/i;

function weakSecrets(config: Config): string[] {
  const weak: string[] = [];
  const auth = config.BETTER_AUTH_SECRET;
  // Unset, one is generated per DATA_DIR: right for one machine, wrong for instances sharing a database.
  if (auth ? PLACEHOLDER_SECRET.test(auth) : Boolean(config.DATABASE_URL)) weak.push("BETTER_AUTH_SECRET");
  if (config.PIX_WEBHOOK_SECRET && PLACEHOLDER_SECRET.test(config.PIX_WEBHOOK_SECRET)) weak.push("PIX_WEBHOOK_SECRET");
  if (config.MERCADOPAGO_WEBHOOK_SECRET && PLACEHOLDER_SECRET.test(config.MERCADOPAGO_WEBHOOK_SECRET))
    weak.push("MERCADOPAGO_WEBHOOK_SECRET");
  return weak;
}

/** The newest backup: a download from the panel (audited) or a file `npm run backup` wrote. */
async function lastBackupAt(db: Database): Promise<Date | null> {
  const downloadedAt = await latestAuditAt(db, "backup.download");
  const folder = path.join(projectRoot(), "backups");
  const names = (await readdir(folder).catch(() => [] as string[])).filter((name) => /^loja-backup-.*\.dump$/.test(name));
  const times = await Promise.all(
    names.map((name) =>
      stat(path.join(folder, name)).then(
        (file) => file.mtime,
        () => null,
      ),
    ),
  );
  const all = [downloadedAt, ...times].filter((time): time is Date => time !== null);
  return all.length === 0 ? null : new Date(Math.max(...all.map((time) => time.getTime())));
}

/**
 * The digital products still sold whose file is not in the configured storage: DATA_DIR/downloads
 * or the private bucket (FILE_STORAGE=s3), where buyers' links read it (decision 062).
 */
async function missingDigitalFiles(services: Services): Promise<string[]> {
  const rows = await digitalProductFiles(services.db);
  const missing = await Promise.all(rows.map(async (row) => ((await hasDownloadFile(services.config, row.file!)) ? null : row.name)));
  return missing.filter((name): name is string => name !== null);
}

/** How many instances are up: each holds one LISTEN connection named for the realtime bus. */
async function instanceCount(db: Database): Promise<number> {
  const { rows } = await db.$client.query<{ count: string }>(
    "select count(*) as count from pg_stat_activity where application_name = $1 and datname = current_database()",
    [REALTIME_APPLICATION_NAME],
  );
  return Math.max(1, Number(rows[0]?.count ?? 1));
}

const firstLine = (error: unknown) => (error instanceof Error ? error.message : String(error)).split("\n")[0]!.slice(0, 160);

/** The providers the shop uses for labels and notes, by name; none: the table and no notes (nothing to check). */
function fulfilmentProviders(config: Config): string[] {
  return [
    ...(config.SHIPPING_PROVIDER === "melhorenvio" ? ["Melhor Envio"] : []),
    ...(config.INVOICE_PROVIDER === "focusnfe" ? ["Focus NFe"] : []),
  ];
}

async function fulfilmentFact(services: Services): Promise<GoLiveFacts["fulfilment"]> {
  const providers = fulfilmentProviders(services.config);
  if (providers.length === 0) return null;
  try {
    const { readiness } = await readFulfilmentSetup(services);
    return { reasons: readiness.reasons, providers };
  } catch (error) {
    return { reasons: [`Os dados de envio e fiscais não puderam ser lidos (${firstLine(error)}).`], providers };
  }
}

export async function readGoLive(services: Services, now = new Date()): Promise<GoLiveReport> {
  const { db, config } = services;
  const settings = await currentShopSettings(services);
  const smtpUrl = smtpUrlOf(settings);
  const [smtpProblem, lastBackup, tools, missing, instances, fulfilment] = await Promise.all([
    smtpUrl ? verifySmtp(smtpUrl, 5000).then(() => null, firstLine) : Promise.resolve(null),
    lastBackupAt(db),
    backupTools(db.$client.options.connectionString!, { binDir: config.PG_BIN_DIR }).catch((error: unknown) => ({
      available: false as const,
      reason: firstLine(error),
    })),
    missingDigitalFiles(services),
    instanceCount(db),
    fulfilmentFact(services),
  ]);
  const facts: GoLiveFacts = {
    settings: { ...settings, smtpHost: settings.smtp.host },
    publicUrl: config.PUBLIC_URL,
    smtpProblem,
    weakSecrets: weakSecrets(config),
    lastBackupAt: lastBackup,
    backupToolsProblem: tools.available ? null : tools.reason,
    missingDigitalFiles: missing,
    instances,
    sharedStorage: config.FILE_STORAGE === "s3",
    fulfilment,
    now,
  };
  const report = goLiveReport(facts);
  lastReports.set(db, { report, at: performance.now() });
  return report;
}

/** The admin's banner reads the last report of this process; older than this, it is made again. */
const BANNER_REPORT_MS = 5 * 60_000;
const lastReports = new WeakMap<Database, { report: GoLiveReport; at: number }>();
const refreshing = new WeakSet<Database>();

/**
 * Whether anything is red, without waiting: the last report of this process (undefined before the
 * first), made again in the background when old or after a save of the settings.
 */
export function knownGoLiveRed(services: Services): boolean | undefined {
  const last = lastReports.get(services.db);
  if ((!last || performance.now() - last.at > BANNER_REPORT_MS) && !refreshing.has(services.db)) {
    refreshing.add(services.db);
    void readGoLive(services)
      .catch(() => {})
      .finally(() => refreshing.delete(services.db));
  }
  return last ? !last.report.ready : undefined;
}

/** After a change the check reads (settings, test e-mail): the next admin page makes it again, meanwhile showing the last. */
export function forgetGoLive(db: Database): void {
  const last = lastReports.get(db);
  if (last) last.at = -Infinity;
}
