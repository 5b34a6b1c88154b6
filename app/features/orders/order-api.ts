/** Browser calls to the order and checkout API; errors carry the server's Portuguese message and code. */
export class OrderApiError extends Error {
  readonly status: number;
  readonly code: string;
  constructor(message: string, status: number, code: string) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

export async function orderApi<T = unknown>(path: string, init: { method?: string; json?: unknown } = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      method: init.method ?? (init.json === undefined ? "GET" : "POST"),
      headers: init.json === undefined ? { accept: "application/json" } : { "Content-Type": "application/json", accept: "application/json" },
      body: init.json === undefined ? undefined : JSON.stringify(init.json),
      credentials: "same-origin",
    });
  } catch {
    throw new OrderApiError("Sem conexão com a loja. Verifique sua internet e tente novamente.", 0, "network");
  }
  if (response.status === 204) return null as T;
  const body = (await response.json().catch(() => null)) as { error?: { message?: string; code?: string } } | null;
  if (!response.ok) {
    throw new OrderApiError(body?.error?.message ?? "Não foi possível concluir. Tente novamente.", response.status, body?.error?.code ?? "unknown");
  }
  return body as T;
}
