import type { z } from "zod";
import { messageForPeople } from "#app/lib/error-messages.ts";

/**
 * The browser's one way to call the shop's JSON API: a plain `fetch` (no client library, to keep
 * the JavaScript small) that sends JSON, keeps the session cookie, and turns the API's
 * `{ error: { code, message } }` into an ApiCallError carrying the server's Portuguese message.
 *
 * Pages do not call it with a path: app/lib/api-client.ts builds each call from the endpoint's
 * contract (server/contracts/), and types the answer by the contract's response schema, imported as
 * a type only. The answer is not parsed again here: zod would otherwise load on every page (the
 * cart's count is on all of them), ~24 KB gzip against decision 006's budget (decisions 011, 046).
 */

/** The server answered with an error status; `message` is what a person reads, `apiMessage` what the API said. */
export class ApiCallError extends Error {
  readonly status: number;
  readonly code: string;
  readonly apiMessage: string;
  constructor(message: string, status: number, code: string, apiMessage = message) {
    super(message);
    this.status = status;
    this.code = code;
    this.apiMessage = apiMessage;
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
  /** Cancels the request; an aborted call rejects with the abort's own error, not a NetworkError. */
  signal?: AbortSignal;
  /** Sees a successful answer's headers (the cart's session id) before its body is returned. */
  onAnswer?: (headers: Headers) => void;
};

/** What a call answers when its endpoint's response schema is `S` (204: the schema is z.null()). */
export type ApiAnswer<S extends z.ZodType> = z.output<S>;

/**
 * Resolves with the body typed by the response schema `S` (null for 204 or an empty body); without
 * `S`, with `unknown`. Rejects with ApiCallError or NetworkError.
 */
export async function fetchJson<S extends z.ZodType = z.ZodUnknown>(path: string, request: JsonRequest = {}): Promise<ApiAnswer<S>> {
  const headers: Record<string, string> = { Accept: "application/json", ...request.headers };
  if (request.json !== undefined) headers["Content-Type"] = "application/json";
  let response: Response;
  try {
    response = await fetch(path, {
      method: request.method ?? (request.json === undefined ? "GET" : "POST"),
      headers,
      body: request.json === undefined ? undefined : JSON.stringify(request.json),
      credentials: "same-origin",
      signal: request.signal,
    });
  } catch (error) {
    if (request.signal?.aborted) throw error;
    throw new NetworkError();
  }
  const text = response.status === 204 ? "" : await response.text().catch(() => "");
  request.signal?.throwIfAborted();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  if (!response.ok) {
    const error = (body as { error?: { code?: string; message?: string } } | null)?.error;
    const code = error?.code ?? "unknown";
    const apiMessage = error?.message ?? "";
    throw new ApiCallError(messageForPeople(code, apiMessage, request.fallbackMessage), response.status, code, apiMessage);
  }
  request.onAnswer?.(response.headers);
  // The answer of the endpoint whose schema the caller named: its handler's return was checked against it.
  return body as ApiAnswer<S>;
}
