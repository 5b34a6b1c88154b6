import { fetchJson } from "#app/lib/fetch-json.ts";

/** Browser calls to the order and checkout API; errors are ApiCallError with the server's Portuguese message and code. */
export function orderApi<T = unknown>(path: string, init: { method?: string; json?: unknown } = {}): Promise<T> {
  return fetchJson<T>(`/api${path}`, { ...init, fallbackMessage: "Não foi possível concluir. Tente novamente." });
}
