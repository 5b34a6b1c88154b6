import type { ContentfulStatusCode } from "hono/utils/http-status";
import { z } from "zod";
import { DomainError, type DomainErrorKind } from "#domain/errors.ts";
import { isDatabaseUnavailable } from "#platform/db/client.ts";
import { StorageUnavailableError } from "#platform/storage/s3-storage.ts";

/** The one error shape of the API: `{ error: { code, message } }`, message in Portuguese. */
export const errorBodySchema = z.object({
  error: z.object({ code: z.string(), message: z.string() }),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

export class ApiError extends Error {
  readonly status: ContentfulStatusCode;
  readonly code: string;
  /** Response headers the error needs (a 429's Retry-After); the app's error handler sends them. */
  readonly headers: Record<string, string>;
  constructor(status: ContentfulStatusCode, code: string, message: string, headers: Record<string, string> = {}) {
    super(message);
    this.status = status;
    this.code = code;
    this.headers = headers;
  }
}

export function errorBody(code: string, message: string): ErrorBody {
  return { error: { code, message } };
}

export const notFoundError = () => new ApiError(404, "not_found", "Recurso não encontrado.");
export const invalidJsonError = () => new ApiError(400, "invalid_json", "O corpo da requisição não é um JSON válido.");
export const payloadTooLargeError = () => new ApiError(413, "payload_too_large", "O corpo da requisição é grande demais.");
export const unsupportedMediaError = () =>
  new ApiError(415, "unsupported_media_type", "Envie o corpo como JSON (Content-Type: application/json).");

export const RATE_LIMITED_MESSAGE = "Muitas tentativas. Aguarde alguns minutos e tente novamente.";
/** A refusal by a rate limit (server/auth/rate-limit.ts), saying when to come back. */
export const rateLimitedError = (retryAfterSeconds: number) =>
  new ApiError(429, "rate_limited", RATE_LIMITED_MESSAGE, { "Retry-After": String(retryAfterSeconds) });

/** Turns zod's issues into one readable Portuguese sentence naming the fields. */
export function validationError(error: z.ZodError): ApiError {
  const parts = error.issues.slice(0, 5).map((issue) => {
    const field = issue.path.length > 0 ? `${issue.path.join(".")}: ` : "";
    return `${field}${issue.message}`;
  });
  // One period at the end: a last message that brings its own is not given a second ("01310-100..").
  const sentence = `Dados inválidos. ${parts.join("; ")}`;
  return new ApiError(400, "validation_error", sentence.endsWith(".") ? sentence : `${sentence}.`);
}

/** The one table from a domain refusal's kind to its HTTP status. */
export const DOMAIN_ERROR_STATUS = {
  invalid: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  unprocessable: 422,
} as const satisfies Record<DomainErrorKind, ContentfulStatusCode>;

/**
 * The API error an error stands for: itself, a domain refusal at its status, an object store or a
 * database that is away (503, so the client tries again), or none (a bug: 500).
 */
export function asApiError(error: unknown): ApiError | null {
  if (error instanceof ApiError) return error;
  if (error instanceof DomainError) return new ApiError(DOMAIN_ERROR_STATUS[error.kind], error.code, error.message);
  // Before the database's check: a store that refused the connection has ECONNREFUSED as its cause too.
  if (error instanceof StorageUnavailableError) return storageUnavailableError();
  if (isDatabaseUnavailable(error)) return databaseUnavailableError();
  return null;
}

/** The object store (FILE_STORAGE=s3) did not answer or refused: a moment later the request may work. */
export const storageUnavailableError = () =>
  new ApiError(503, "storage_unavailable", "Os arquivos da loja estão indisponíveis no momento. Tente novamente em instantes.", {
    "Retry-After": "5",
  });

/** The database dropped the connection or cannot be reached: a moment later the request may work. */
export const databaseUnavailableError = () =>
  new ApiError(503, "database_unavailable", "Banco de dados indisponível no momento. Tente novamente em instantes.", {
    "Retry-After": "5",
  });
