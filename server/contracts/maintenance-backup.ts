import { z } from "zod";
import { defineContract } from "#server/contracts/define-contract.ts";
import { maintenanceBackupRoutes } from "#server/contracts/maintenance-backup.routes.ts";

export const maintenanceBackupContract = defineContract(maintenanceBackupRoutes, {
  adminBackup: {
    operationId: "adminDownloadBackup",
    summary:
      "Backup do banco de dados inteiro (pg_dump no formato custom, da mesma versão do servidor), transmitido enquanto é gerado; o nome do arquivo traz a data. Restaura com npm run restore. Registrado na auditoria",
    tag: "admin",
    response: z.custom<Response>((value) => value instanceof Response),
    produces: "application/octet-stream",
  },
  adminExportCustomers: {
    operationId: "adminExportCustomers",
    summary:
      "CSV de todos os clientes (nome, e-mail, cadastro, pedidos e total comprado), para o Excel em português: separador ;, BOM UTF-8. Registrado na auditoria (dados pessoais)",
    tag: "admin",
    response: z.custom<Response>((value) => value instanceof Response),
    produces: "text/csv",
  },
  adminExportProducts: {
    operationId: "adminExportProducts",
    summary: "CSV do catálogo (código, nome, categoria, preço, estoque, à venda), para o Excel em português: separador ;, BOM UTF-8",
    tag: "admin",
    response: z.custom<Response>((value) => value instanceof Response),
    produces: "text/csv",
  },
});
