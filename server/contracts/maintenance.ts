import { adminNotFound, unknownCleanup } from "#domain/maintenance/maintenance-errors.ts";
import { z } from "zod";
import { addAdminInput, adminListSchema } from "#domain/auth/auth-api-schemas.ts";
import { emailSchema } from "#domain/auth/auth-schemas.ts";
import {
  CLEANUP_KINDS,
  cleanupPreviewQuery,
  cleanupPreviewSchema,
  cleanupResultSchema,
  cleanupRunInput,
  clearedErrorsSchema,
  clearErrorsInput,
  errorListSchema,
  healthSchema,
  maintenanceInput,
  maintenanceStateSchema,
} from "#domain/maintenance/maintenance-schemas.ts";
import { defineContract, pathParam } from "#server/contracts/define-contract.ts";
import { maintenanceRoutes } from "#server/contracts/maintenance.routes.ts";

export const maintenanceContract = defineContract(maintenanceRoutes, {
  health: {
    operationId: "adminHealth",
    summary: "Saúde: banco de dados, tarefas, e-mail, disco e versão, cada um verde, amarelo ou vermelho",
    tag: "manutenção",
    response: healthSchema,
  },
  getMaintenance: {
    operationId: "adminGetMaintenance",
    summary: "Modo de manutenção: ligado ou não, e a mensagem da página de manutenção",
    tag: "manutenção",
    response: maintenanceStateSchema,
  },
  setMaintenance: {
    operationId: "adminSetMaintenance",
    summary:
      "Liga ou desliga o modo de manutenção: visitantes e clientes recebem 503 com Retry-After em toda a loja; administradores seguem entrando (todas as instâncias em segundos)",
    tag: "manutenção",
    body: maintenanceInput,
    response: maintenanceStateSchema,
  },
  listErrors: {
    operationId: "adminListErrors",
    summary: "Erros recentes: do servidor (por rota, código e status, com o id da última requisição) e dos navegadores (agrupados)",
    tag: "manutenção",
    response: errorListSchema,
  },
  clearErrors: {
    operationId: "adminClearErrors",
    summary: "Apaga os erros vistos pela última vez há mais de N dias (0: todos)",
    tag: "manutenção",
    body: clearErrorsInput,
    response: clearedErrorsSchema,
  },
  addAdmin: {
    operationId: "adminAddAdmin",
    summary: "Torna um e-mail administrador (vale quando a conta confirmar o endereço)",
    tag: "manutenção",
    body: addAdminInput,
    response: adminListSchema,
    status: 201,
  },
  removeAdmin: {
    operationId: "adminRemoveAdmin",
    summary: "Remove um administrador (não a si mesmo nem o último; os de ADMIN_EMAILS só na configuração)",
    tag: "manutenção",
    params: z.object({ email: pathParam(emailSchema, () => adminNotFound()) }),
    response: adminListSchema,
  },
  previewCleanups: {
    operationId: "adminPreviewCleanups",
    summary:
      "Quantos registros cada limpeza apagaria agora (carrinhos de visitantes parados, Pix vencidos, notificações lidas, sessões vencidas)",
    tag: "manutenção",
    query: cleanupPreviewQuery,
    response: cleanupPreviewSchema,
  },
  runCleanup: {
    operationId: "adminRunCleanup",
    summary: "Executa uma limpeza; `days` (dias) para carrinhos parados e notificações lidas",
    tag: "manutenção",
    params: z.object({ kind: pathParam(z.enum(CLEANUP_KINDS), () => unknownCleanup()) }),
    body: cleanupRunInput,
    response: cleanupResultSchema,
  },
});
