/**
 * The browser's one way to call the shop's JSON API: a plain `fetch` (no client library, to keep
 * the JavaScript small) that sends JSON, keeps the session cookie, and turns the API's
 * `{ error: { code, message } }` into an ApiCallError carrying the server's Portuguese message.
 */

/** The server answered with an error status. */
export class ApiCallError extends Error {
  readonly status: number;
  readonly code: string;
  constructor(message: string, status: number, code: string) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

/** The request never reached the server (offline, DNS, connection reset): status 0. */
export class NetworkError extends ApiCallError {
  constructor(message = "Sem conexão com a loja. Verifique sua internet e tente novamente.") {
    super(message, 0, "network");
  }
}

export type JsonRequest = {
  method?: string;
  /** The body, sent as JSON; without it the method defaults to GET, with it to POST. */
  json?: unknown;
  headers?: Record<string, string>;
  /** The message of an error answer that brings none of its own. */
  fallbackMessage?: string;
};

/** Resolves with the parsed body (null for 204 or an empty body); rejects with ApiCallError or NetworkError. */
export async function fetchJson<T>(path: string, request: JsonRequest = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: "application/json", ...request.headers };
  if (request.json !== undefined) headers["Content-Type"] = "application/json";
  let response: Response;
  try {
    response = await fetch(path, {
      method: request.method ?? (request.json === undefined ? "GET" : "POST"),
      headers,
      body: request.json === undefined ? undefined : JSON.stringify(request.json),
      credentials: "same-origin",
    });
  } catch {
    throw new NetworkError();
  }
  const text = response.status === 204 ? "" : await response.text().catch(() => "");
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  if (!response.ok) {
    const error = (body as { error?: { code?: string; message?: string } } | null)?.error;
    throw new ApiCallError(error?.message || request.fallbackMessage || "", response.status, error?.code ?? "unknown");
  }
  return body as T;
}
