import http from "node:http";
import https from "node:https";
import { timeProviderCall } from "#platform/metrics.ts";

/**
 * One JSON call to a service on the internet (a payment, freight or invoice provider), bounded by
 * `timeoutMs` (AbortSignal.timeout covers the connection, the TLS handshake and the whole answer).
 * Node's own http/https, so a client certificate (the BCB Pix API's mTLS) is just the agent's.
 * Anything but an answer in time is a ServiceUnavailableError: the caller changes nothing and a job
 * tries again later.
 */
export class ServiceUnavailableError extends Error {
  override name = "ServiceUnavailableError";
}

export type ProviderRequest = {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  url: string;
  headers?: Record<string, string>;
  /** Sent as JSON; a string is sent as is (a form body). */
  body?: unknown;
  timeoutMs: number;
  agent?: https.Agent;
  /** Which provider, for the latency metric's label (decision 052), e.g. "pix_mercadopago", "melhorenvio". */
  provider: string;
};

export type ProviderAnswer = { status: number; json: unknown; text: string };

/** One call, timed into shop_provider_request_duration_seconds (an answer of 4xx or 5xx is "refused"). */
export function providerRequest(request: ProviderRequest): Promise<ProviderAnswer> {
  return timeProviderCall(
    request.provider,
    () => send(request),
    (answer) => (answer.status < 400 ? "ok" : "refused"),
  );
}

function send(request: ProviderRequest): Promise<ProviderAnswer> {
  const url = new URL(request.url);
  const body = request.body === undefined ? undefined : typeof request.body === "string" ? request.body : JSON.stringify(request.body);
  const headers: Record<string, string> = { accept: "application/json", ...request.headers };
  if (body !== undefined) {
    headers["content-type"] ??= "application/json";
    headers["content-length"] = String(Buffer.byteLength(body));
  }
  const open = url.protocol === "https:" ? https.request : http.request;
  return new Promise<ProviderAnswer>((resolve, reject) => {
    const outgoing = open(
      url,
      { method: request.method, headers, agent: request.agent, signal: AbortSignal.timeout(request.timeoutMs) },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("error", (error) => reject(unavailable(request, error)));
        response.on("end", () => {
          const text = Buffer.concat(chunks).toString("utf8");
          let json: unknown = null;
          try {
            json = text ? JSON.parse(text) : null;
          } catch {
            json = null;
          }
          resolve({ status: response.statusCode ?? 0, json, text });
        });
      },
    );
    outgoing.on("error", (error) => reject(unavailable(request, error)));
    outgoing.end(body);
  });
}

function unavailable(request: ProviderRequest, error: Error): ServiceUnavailableError {
  const timedOut = error.name === "AbortError" || error.name === "TimeoutError";
  const what = `${request.method} ${new URL(request.url).pathname}`;
  return new ServiceUnavailableError(timedOut ? `${what}: no answer within ${request.timeoutMs} ms` : `${what}: ${error.message}`, {
    cause: error,
  });
}

/** An answer other than 2xx, as an error that says what the provider said. */
export function serviceRefused(answer: ProviderAnswer, what: string): ServiceUnavailableError {
  return new ServiceUnavailableError(`${what}: HTTP ${answer.status} ${answer.text.slice(0, 300)}`);
}
