import { fetchJson } from "#app/lib/fetch-json.ts";

/** The panel's calls to /api/account/*; errors are ApiCallError with the server's Portuguese message. */
export function accountApi<T = unknown>(path: string, init: { method: string; json?: unknown }): Promise<T> {
  return fetchJson<T>(`/api/account${path}`, { ...init, fallbackMessage: "Não foi possível concluir. Tente novamente." });
}
