import { Readable } from "node:stream";
import { recordAudit } from "#domain/audit/audit-log.server.ts";
import { streamCustomersCsv, streamProductsCsv } from "#domain/maintenance/catalog-csv.server.ts";
import { csvFileName } from "#domain/exports/csv-stream.server.ts";
import { BackupError, backupFileName, startDump } from "#platform/db/backup.ts";
import { PgToolMissingError } from "#platform/db/pg-tools.ts";
import { defineEndpoint } from "#server/http/api.ts";
import { ApiError } from "#server/http/errors.ts";
import { ADMIN_ONLY } from "#server/http/guards.ts";
import { maintenanceBackupContract } from "#server/contracts/maintenance-backup.ts";

/** The maintenance panel's backup download and CSV exports (issue 18 items 7 and 8; decision 026). Admins only. */

const download = (body: Readable, type: string, fileName: string) =>
  new Response(Readable.toWeb(body) as ReadableStream, {
    headers: { "content-type": type, "content-disposition": `attachment; filename="${fileName}"`, "cache-control": "no-store" },
  });

export const adminBackupEndpoint = defineEndpoint({
  ...maintenanceBackupContract.adminBackup,
  guard: ADMIN_ONLY,
  async handler({ c, user: admin }) {
    const { db } = c.get("services");
    const fileName = backupFileName();
    let dump: Readable;
    try {
      dump = await startDump(db.$client.options.connectionString!, { binDir: c.get("services").config.PG_BIN_DIR });
    } catch (error) {
      if (error instanceof PgToolMissingError || error instanceof BackupError) throw new ApiError(503, "backup_unavailable", error.message);
      throw error;
    }
    try {
      await recordAudit(db, { actorUserId: admin.id, action: "backup.download", entityType: "database", entityId: fileName });
    } catch (error) {
      dump.destroy();
      throw error;
    }
    return download(dump, "application/octet-stream", fileName);
  },
});

export const adminExportCustomersEndpoint = defineEndpoint({
  ...maintenanceBackupContract.adminExportCustomers,
  guard: ADMIN_ONLY,
  async handler({ c, user: admin }) {
    const { db } = c.get("services");
    const fileName = csvFileName("clientes");
    const csv = await streamCustomersCsv(db);
    try {
      await recordAudit(db, { actorUserId: admin.id, action: "export.customers", entityType: "export", entityId: fileName });
    } catch (error) {
      csv.destroy();
      throw error;
    }
    return download(csv, "text/csv; charset=utf-8", fileName);
  },
});

export const adminExportProductsEndpoint = defineEndpoint({
  ...maintenanceBackupContract.adminExportProducts,
  guard: ADMIN_ONLY,
  async handler({ c }) {
    return download(await streamProductsCsv(c.get("services").db), "text/csv; charset=utf-8", csvFileName("produtos"));
  },
});

export const maintenanceBackupEndpoints = [adminBackupEndpoint, adminExportCustomersEndpoint, adminExportProductsEndpoint];
