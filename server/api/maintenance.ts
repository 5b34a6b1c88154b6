import { z } from "zod";
import { addAdminInput, adminListSchema } from "#domain/auth/auth-api-schemas.ts";
import { emailSchema } from "#domain/auth/auth-schemas.ts";
import { addAdminEmail, removeAdminEmail } from "#domain/auth/admin-list.server.ts";
import { previewCleanups, runCleanup } from "#domain/maintenance/cleanups.server.ts";
import { clearErrors, listErrors } from "#domain/maintenance/error-log.server.ts";
import { readHealth } from "#domain/maintenance/health.server.ts";
import { currentMaintenance, setMaintenance } from "#domain/maintenance/maintenance-mode.server.ts";
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
import { buildInfo } from "#server/build-info.ts";
import { defineEndpoint } from "#server/http/api.ts";
import { ApiError } from "#server/http/errors.ts";
import { ADMIN_ONLY } from "#server/http/guards.ts";
import { pathParam } from "#server/http/params.ts";

/** The maintenance panel (issue 18, decisions 024 and 025). Admins only. */

export const healthEndpoint = defineEndpoint({
  method: "get",
  path: "/admin/health",
  operationId: "adminHealth",
  summary: "Saúde: banco de dados, tarefas, e-mail, disco e versão, cada um verde, amarelo ou vermelho",
  tag: "manutenção",
  guard: ADMIN_ONLY,
  response: healthSchema,
  async handler({ c }) {
    return readHealth(c.get("services"), buildInfo());
  },
});

export const getMaintenanceEndpoint = defineEndpoint({
  method: "get",
  path: "/admin/maintenance",
  operationId: "adminGetMaintenance",
  summary: "Modo de manutenção: ligado ou não, e a mensagem da página de manutenção",
  tag: "manutenção",
  guard: ADMIN_ONLY,
  response: maintenanceStateSchema,
  async handler({ c }) {
    return currentMaintenance(c.get("services").db);
  },
});

export const setMaintenanceEndpoint = defineEndpoint({
  method: "put",
  path: "/admin/maintenance",
  operationId: "adminSetMaintenance",
  summary:
    "Liga ou desliga o modo de manutenção: visitantes e clientes recebem 503 com Retry-After em toda a loja; administradores seguem entrando (todas as instâncias em segundos)",
  tag: "manutenção",
  guard: ADMIN_ONLY,
  body: maintenanceInput,
  response: maintenanceStateSchema,
  async handler({ body, c, user }) {
    return setMaintenance(c.get("services").db, user.id, body);
  },
});

export const listErrorsEndpoint = defineEndpoint({
  method: "get",
  path: "/admin/errors",
  operationId: "adminListErrors",
  summary: "Erros recentes: do servidor (por rota, código e status, com o id da última requisição) e dos navegadores (agrupados)",
  tag: "manutenção",
  guard: ADMIN_ONLY,
  response: errorListSchema,
  async handler({ c }) {
    return listErrors(c.get("services").db);
  },
});

export const clearErrorsEndpoint = defineEndpoint({
  method: "post",
  path: "/admin/errors/clear",
  operationId: "adminClearErrors",
  summary: "Apaga os erros vistos pela última vez há mais de N dias (0: todos)",
  tag: "manutenção",
  guard: ADMIN_ONLY,
  body: clearErrorsInput,
  response: clearedErrorsSchema,
  async handler({ body, c, user }) {
    return clearErrors(c.get("services").db, user.id, body.olderThanDays);
  },
});

export const addAdminEndpoint = defineEndpoint({
  method: "post",
  path: "/admin/admins",
  operationId: "adminAddAdmin",
  summary: "Torna um e-mail administrador (vale quando a conta confirmar o endereço)",
  tag: "manutenção",
  guard: ADMIN_ONLY,
  body: addAdminInput,
  response: adminListSchema,
  status: 201,
  async handler({ body, c, user }) {
    return { admins: await addAdminEmail(c.get("services"), user, body.email) };
  },
});

const adminNotFound = () => new ApiError(404, "not_found", "Administrador não encontrado.");

export const removeAdminEndpoint = defineEndpoint({
  method: "delete",
  path: "/admin/admins/:email",
  operationId: "adminRemoveAdmin",
  summary: "Remove um administrador (não a si mesmo nem o último; os de ADMIN_EMAILS só na configuração)",
  tag: "manutenção",
  guard: ADMIN_ONLY,
  params: z.object({ email: pathParam(emailSchema, () => adminNotFound()) }),
  response: adminListSchema,
  async handler({ params, c, user }) {
    return { admins: await removeAdminEmail(c.get("services"), user, params.email) };
  },
});

export const previewCleanupsEndpoint = defineEndpoint({
  method: "get",
  path: "/admin/cleanups",
  operationId: "adminPreviewCleanups",
  summary:
    "Quantos registros cada limpeza apagaria agora (carrinhos de visitantes parados, Pix vencidos, notificações lidas, sessões vencidas)",
  tag: "manutenção",
  guard: ADMIN_ONLY,
  query: cleanupPreviewQuery,
  response: cleanupPreviewSchema,
  async handler({ query, c }) {
    return previewCleanups(c.get("services").db, query);
  },
});

const unknownCleanup = () => new ApiError(404, "not_found", "Limpeza desconhecida.");

export const runCleanupEndpoint = defineEndpoint({
  method: "post",
  path: "/admin/cleanups/:kind",
  operationId: "adminRunCleanup",
  summary: "Executa uma limpeza; `days` (dias) para carrinhos parados e notificações lidas",
  tag: "manutenção",
  guard: ADMIN_ONLY,
  params: z.object({ kind: pathParam(z.enum(CLEANUP_KINDS), () => unknownCleanup()) }),
  body: cleanupRunInput,
  response: cleanupResultSchema,
  async handler({ params, body, c, user }) {
    return { kind: params.kind, removed: await runCleanup(c.get("services"), user.id, params.kind, body.days) };
  },
});

export const maintenanceEndpoints = [
  healthEndpoint,
  getMaintenanceEndpoint,
  setMaintenanceEndpoint,
  listErrorsEndpoint,
  clearErrorsEndpoint,
  addAdminEndpoint,
  removeAdminEndpoint,
  previewCleanupsEndpoint,
  runCleanupEndpoint,
];
