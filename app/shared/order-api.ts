import type { z } from "zod";
import { fetchJson, type ApiAnswer } from "#app/lib/fetch-json.ts";

/**
 * Browser calls to the orders API (server/api/orders.ts), typed by the endpoint's response schema `S` (without
 * it, the answer is `unknown`); errors are ApiCallError with the server's Portuguese message and code.
 */
export function orderApi<S extends z.ZodType = z.ZodUnknown>(
  path: string,
  init: { method?: string; json?: unknown } = {},
): Promise<ApiAnswer<S>> {
  return fetchJson<S>(`/api${path}`, { ...init, fallbackMessage: "Não foi possível concluir. Tente novamente." });
}
