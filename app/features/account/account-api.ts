import type { z } from "zod";
import { fetchJson, type ApiAnswer } from "#app/lib/fetch-json.ts";

/**
 * The panel's calls to /api/account/*, typed by the endpoint's response schema `S`
 * (domain/account/account-schemas.ts; without it, `unknown`); errors are ApiCallError with the
 * server's Portuguese message.
 */
export function accountApi<S extends z.ZodType = z.ZodUnknown>(
  path: string,
  init: { method: string; json?: unknown },
): Promise<ApiAnswer<S>> {
  return fetchJson<S>(`/api/account${path}`, { ...init, fallbackMessage: "Não foi possível concluir. Tente novamente." });
}
