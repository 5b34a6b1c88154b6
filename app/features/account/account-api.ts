/** The panel's calls to /api/account/*; errors carry the server's Portuguese message. */
export class ApiCallError extends Error {
  readonly status: number;
  constructor(message: string, status: number) {
    super(message);
    this.status = status;
  }
}

export async function accountApi<T = unknown>(path: string, init: { method: string; json?: unknown }): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`/api/account${path}`, {
      method: init.method,
      headers: init.json === undefined ? undefined : { "Content-Type": "application/json" },
      body: init.json === undefined ? undefined : JSON.stringify(init.json),
      credentials: "same-origin",
    });
  } catch {
    throw new ApiCallError("Sem conexão com a loja. Verifique sua internet e tente novamente.", 0);
  }
  if (response.status === 204) return null as T;
  const body = (await response.json().catch(() => null)) as { error?: { message?: string } } | null;
  if (!response.ok) throw new ApiCallError(body?.error?.message ?? "Não foi possível concluir. Tente novamente.", response.status);
  return body as T;
}
