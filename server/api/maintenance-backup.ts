import { Readable } from "node:stream";
import { z } from "zod";
import { recordAudit } from "#domain/audit/audit-log.server.ts";
import { streamCustomersCsv, streamProductsCsv } from "#domain/maintenance/catalog-csv.server.ts";
import { csvFileName } from "#domain/exports/csv-stream.server.ts";
import { BackupError, backupFileName, startDump } from "#platform/db/backup.ts";
import { PgToolMissingError } from "#platform/db/pg-tools.ts";
import { defineEndpoint } from "#server/http/api.ts";
import { ApiError } from "#server/http/errors.ts";
import { ADMIN_ONLY } from "#server/http/guards.ts";

/** The maintenance panel's backup download and CSV exports (issue 18 items 7 and 8; decision 026). Admins only. */

const download = (body: Readable, type: string, fileName: string) =>
  new Response(Readable.toWeb(body) as ReadableStream, {
    headers: { "content-type": type, "content-disposition": `attachment; filename="${fileName}"`, "cache-control": "no-store" },
  });

export const adminBackupEndpoint = defineEndpoint({
  method: "get",
  path: "/admin/backup",
  operationId: "adminDownloadBackup",
  summary:
    "Backup do banco de dados inteiro (pg_dump no formato custom, da mesma versão do servidor), transmitido enquanto é gerado; o nome do arquivo traz a data. Restaura com npm run restore. Registrado na auditoria",
  tag: "admin",
  guard: ADMIN_ONLY,
  response: z.custom<Response>((value) => value instanceof Response),
  produces: "application/octet-stream",
  async handler({ c, user: admin }) {
    const { db } = c.get("services");
    const fileName = backupFileName();
    let dump: Readable;
    try {
      dump = await startDump(db.$client.options.connectionString!, { binDir: c.get("services").config.PG_BIN_DIR });
    } catch (error) {
      if (error instanceof PgToolMissingError) {
        // Every path looked at goes to the log; the owner reads one sentence and the command to run.
        c.get("services").logger.warn({ err: error.message }, "backup tools missing");
        throw new ApiError(503, "backup_unavailable", error.sentence);
      }
      if (error instanceof BackupError) throw new ApiError(503, "backup_unavailable", error.message);
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
  method: "get",
  path: "/admin/customers.csv",
  operationId: "adminExportCustomers",
  summary:
    "CSV de todos os clientes (nome, e-mail, cadastro, pedidos e total comprado), para o Excel em português: separador ;, BOM UTF-8. Registrado na auditoria (dados pessoais)",
  tag: "admin",
  guard: ADMIN_ONLY,
  response: z.custom<Response>((value) => value instanceof Response),
  produces: "text/csv",
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
  method: "get",
  path: "/admin/products.csv",
  operationId: "adminExportProducts",
  summary: "CSV do catálogo (código, nome, categoria, preço, estoque, à venda), para o Excel em português: separador ;, BOM UTF-8",
  tag: "admin",
  guard: ADMIN_ONLY,
  response: z.custom<Response>((value) => value instanceof Response),
  produces: "text/csv",
  async handler({ c }) {
    return download(await streamProductsCsv(c.get("services").db), "text/csv; charset=utf-8", csvFileName("produtos"));
  },
});

export const maintenanceBackupEndpoints = [adminBackupEndpoint, adminExportCustomersEndpoint, adminExportProductsEndpoint];
