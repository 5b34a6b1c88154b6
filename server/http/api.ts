import type { Context, Hono } from "hono";
import { z } from "zod";
import { refuseControlCharacters } from "#server/http/control-characters.ts";
import { ApiError, errorBodySchema, invalidJsonError, unsupportedMediaError, validationError } from "#server/http/errors.ts";
import type { SessionUser } from "#domain/auth/session.server.ts";
import type { AppEnv } from "#server/http/app-env.ts";
import { parseParams } from "#server/http/params.ts";
import { uploadRequestLimit, type UploadSpec } from "#server/http/uploads.ts";
import { hasSessionCookie, SESSION_COOKIE } from "#domain/auth/auth-paths.ts";

// zod's own messages in Brazilian Portuguese, so validation errors reach the UI ready to show.
z.config(z.locales.ptBR());

type Method = "get" | "post" | "put" | "patch" | "delete";

/**
 * Who may call an endpoint (server/http/guards.ts: USER_ONLY, ADMIN_ONLY). `check` throws the API's
 * 401 or 403 for anyone else, and otherwise returns the caller, whom the handler receives as `user`.
 */
export type EndpointGuard = { access: "user" | "admin"; check: (c: Context<AppEnv>) => Promise<SessionUser> };

/**
 * What every endpoint declares besides its access and its handler: its contract. `B`, `Q`, `P` and
 * `R` are the zod schemas of its body, query, path parameters and response; the handler's input is
 * typed by the first three and its return is checked against the fourth.
 */
type EndpointFields<B extends z.ZodType, Q extends z.ZodType, P extends z.ZodObject, R extends z.ZodType> = {
  method: Method;
  /** Hono's spelling, `/orders/:id`: every `:name` is a key of `params` (checked when it is defined). */
  path: string;
  /** Unique and stable (generated clients name their functions after it); camelCase, English. */
  operationId: string;
  summary: string;
  tag: string;
  body?: B;
  /**
   * A file upload (multipart/form-data) instead of a JSON body: the request may be as large as the
   * file allows (not MAX_BODY_BYTES), and the handler reads the file with readUploadedFile/Image.
   */
  upload?: UploadSpec;
  query?: Q;
  /** The path parameters, one key per `:name`, validated before the handler runs (params.ts: ids). */
  params?: P;
  /** The JSON the endpoint answers: the handler's return must have this shape (TypeScript checks it). */
  response: R;
  status?: 200 | 201 | 202 | 204;
  /**
   * "optional": public, but a signed-in caller is served as themself (the cart: the account's cart
   * rather than the browser's); the handler reads `currentUser(c)`. Only for the OpenAPI document.
   */
  session?: "optional";
  /**
   * "text/csv" or "application/octet-stream" (a backup): the handler returns a `Response` (a
   * streamed download) instead of JSON; `response` is then only documentation and the OpenAPI
   * document declares the file.
   */
  produces?: "text/csv" | "application/octet-stream" | "application/pdf";
  /** "summary": its successes are counted into a line a minute instead of a line each (access-log.ts, decision 010). */
  accessLog?: "summary";
  /**
   * "provider": called by a payment provider, not a browser: no session, authenticated by the
   * provider's signature or certificate (decision 037). The document's `x-access` says so.
   */
  callers?: "provider";
};

type HandlerInput<B extends z.ZodType, Q extends z.ZodType, P extends z.ZodObject> = {
  body: z.output<B>;
  query: z.output<Q>;
  params: z.output<P>;
  c: Context<AppEnv>;
};

/**
 * What a handler may return for response schema `R`: the schema's output type, which is what the
 * client reads (the answer is not parsed again at run time: the type check is the guarantee).
 */
export type Reply<R extends z.ZodType> = z.output<R> | Promise<z.output<R>>;

/**
 * Anyone may call it, so its handler gets no `user`; one that serves a signed-in caller differently
 * (the cart) reads `currentUser(c)` itself.
 */
export type PublicEndpoint<
  B extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  P extends z.ZodObject = z.ZodObject,
  R extends z.ZodType = z.ZodType,
> = EndpointFields<B, Q, P, R> & {
  guard?: undefined;
  handler: (input: HandlerInput<B, Q, P>) => Reply<R>;
};

/**
 * Only callers its guard lets through. The guard runs before the body is even parsed, so a caller
 * without access learns nothing from validation errors; the handler gets the caller as `user`.
 */
export type GuardedEndpoint<
  B extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  P extends z.ZodObject = z.ZodObject,
  R extends z.ZodType = z.ZodType,
> = EndpointFields<B, Q, P, R> & {
  guard: EndpointGuard;
  handler: (input: HandlerInput<B, Q, P> & { user: SessionUser }) => Reply<R>;
};

/**
 * One API operation as `defineEndpoint` leaves it, its types erased: the same definition validates
 * requests, is served by mountEndpoints and generates the OpenAPI document.
 */
export type Endpoint = EndpointFields<z.ZodType, z.ZodType, z.ZodObject, z.ZodType> & {
  /** Absent: public. */
  guard?: EndpointGuard;
  /** `user`: whom the guard let through; undefined for a public endpoint, whose handler's type has no `user`. */
  handler: (input: { body: unknown; query: unknown; params: unknown; c: Context<AppEnv>; user?: SessionUser }) => unknown;
};

/** The `:name`s of a Hono path, in order. */
export const pathParamNames = (path: string): string[] => [...path.matchAll(/:(\w+)/g)].map((match) => match[1]!);

/**
 * Refuses, when the module that defines it loads, an endpoint whose `params` and path disagree: a
 * `:name` without its schema would reach the handler unchecked, and a key without its `:name` is never sent.
 */
function checkParams(endpoint: { method: string; path: string; params?: z.ZodObject }): void {
  const inPath = pathParamNames(endpoint.path).sort();
  const declared = Object.keys(endpoint.params?.shape ?? {}).sort();
  if (inPath.join() !== declared.join()) {
    throw new Error(
      `${endpoint.method.toUpperCase()} ${endpoint.path}: params declares [${declared.join(", ")}] but the path has [${inPath.join(", ")}]`,
    );
  }
}

/**
 * A guarded endpoint (`guard: USER_ONLY` or `ADMIN_ONLY`): its handler gets the caller as `user`, never
 * null, and the validated `body`, `query` and `params`; what it returns must match `response`.
 */
export function defineEndpoint<
  R extends z.ZodType,
  B extends z.ZodType = z.ZodNever,
  Q extends z.ZodType = z.ZodNever,
  P extends z.ZodObject = never,
>(endpoint: GuardedEndpoint<B, Q, P, R>): Endpoint;
/** A public endpoint (no `guard`): its handler gets no `user`. */
export function defineEndpoint<
  R extends z.ZodType,
  B extends z.ZodType = z.ZodNever,
  Q extends z.ZodType = z.ZodNever,
  P extends z.ZodObject = never,
>(endpoint: PublicEndpoint<B, Q, P, R>): Endpoint;
export function defineEndpoint(endpoint: GuardedEndpoint | PublicEndpoint): Endpoint {
  checkParams(endpoint);
  return endpoint as unknown as Endpoint;
}

/** 415 unless the body is declared JSON (any charset). */
export function checkJsonContentType(type: string | undefined): void {
  if (!(type ?? "").toLowerCase().startsWith("application/json")) throw unsupportedMediaError();
}

function withoutControlCharacters<T>(value: T): T {
  refuseControlCharacters(value);
  return value;
}

/** The body's JSON, refused (400) when it is not JSON or when any string in it has a control character. */
export function parseJsonText(text: string): unknown {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw invalidJsonError();
  }
  refuseControlCharacters(value);
  return value;
}

async function readJsonBody(c: Context<AppEnv>): Promise<unknown> {
  checkJsonContentType(c.req.header("content-type"));
  return parseJsonText(await c.req.text());
}

export function parse<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const result = schema.safeParse(value);
  if (!result.success) throw validationError(result.error);
  return result.data;
}

export function mountEndpoints(app: Hono<AppEnv>, endpoints: Endpoint[]): void {
  for (const endpoint of endpoints) {
    app.on(endpoint.method.toUpperCase(), endpoint.path, async (c) => {
      // Before the body: a caller without access gets 401 or 403, never a validation error.
      const user = await endpoint.guard?.check(c);
      const body = endpoint.body ? parse(endpoint.body, await readJsonBody(c)) : undefined;
      const query = endpoint.query ? parse(endpoint.query, withoutControlCharacters(c.req.query())) : undefined;
      // After the body, as the handlers that read their ids themselves did: a bad body still answers 400.
      const params = endpoint.params ? parseParams(endpoint.params, c.req.param()) : undefined;
      const result = await endpoint.handler({ body, query, params, c, user });
      if (endpoint.produces && result instanceof Response) return result;
      if (endpoint.status === 204) return c.body(null, 204);
      return c.json(result as object, endpoint.status ?? 200);
    });
  }
}

/**
 * The body limits of the upload endpoints (the API's own is MAX_BODY_BYTES): method, a pattern of
 * the full path (`/api/...`) and the limit, for apiBodyLimit.
 */
export function uploadBodyLimits(endpoints: Endpoint[]): Array<{ method: string; path: RegExp; maxSize: number; tooLarge: () => Error }> {
  return endpoints.flatMap((endpoint) =>
    endpoint.upload
      ? [
          {
            method: endpoint.method.toUpperCase(),
            path: new RegExp(`^/api${endpoint.path.replace(/:\w+/g, "[^/]+")}$`),
            maxSize: uploadRequestLimit(endpoint.upload),
            tooLarge: endpoint.upload.tooLarge,
          },
        ]
      : [],
  );
}

/** Hono paths use `:id`; OpenAPI uses `{id}`. */
const toOpenApiPath = (path: string) => path.replace(/:(\w+)/g, "{$1}");

// The session cookie is the auth module's fact; the HTTP layer and its tests read it from here too.
export { hasSessionCookie, SESSION_COOKIE };
const SESSION_SCHEME = "session";

type JsonSchema = Record<string, unknown>;

/** A zod schema as an OpenAPI 3.1 Schema Object (JSON Schema 2020-12, the document's own dialect). */
function jsonSchema(schema: z.ZodType, io: "input" | "output"): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, target: "draft-2020-12" }) as JsonSchema;
  return rest;
}

/** One Parameter Object per property of an object schema (path parameters are always required). */
function parameters(schema: z.ZodObject, location: "path" | "query"): JsonSchema[] {
  const shape = jsonSchema(schema, "input") as { properties?: Record<string, JsonSchema>; required?: string[] };
  return Object.entries(shape.properties ?? {}).map(([name, property]) => {
    const { description, ...rest } = property;
    return {
      name,
      in: location,
      required: location === "path" || (shape.required?.includes(name) ?? false),
      ...(typeof description === "string" && { description }),
      schema: rest,
    };
  });
}

/**
 * The OpenAPI 3.1 document of `endpoints`, generated from the very schemas that validate requests
 * and type the handlers: path and query parameters, bodies, answers, an operationId each, the
 * session cookie on the operations that need an account, and `x-access` (openapi.test.ts validates it).
 */
export function openApiDocument(endpoints: Endpoint[], tagDescriptions: Record<string, string> = {}) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const endpoint of endpoints) {
    const path = toOpenApiPath(endpoint.path);
    const status = endpoint.status ?? 200;
    const operation: Record<string, unknown> = {
      operationId: endpoint.operationId,
      summary: endpoint.summary,
      tags: [endpoint.tag],
      // Who may call it: "public", "user" (a session; 401 without), "admin" (403 for customers) or "provider" (signed calls).
      "x-access": endpoint.guard?.access ?? endpoint.callers ?? "public",
      // With a guard, the session is required; "optional": without one, or with one; otherwise none is read.
      security: endpoint.guard ? [{ [SESSION_SCHEME]: [] }] : endpoint.session === "optional" ? [{}, { [SESSION_SCHEME]: [] }] : [],
      responses: {
        [status]:
          status === 204
            ? { description: "Sem conteúdo" }
            : endpoint.produces
              ? { description: "OK", content: { [endpoint.produces]: { schema: { type: "string" } } } }
              : { description: "OK", content: { "application/json": { schema: jsonSchema(endpoint.response, "output") } } },
        "4XX": { $ref: "#/components/responses/Error" },
      },
    };
    const parameterList = [
      ...(endpoint.params ? parameters(endpoint.params, "path") : []),
      ...(endpoint.query ? parameters(endpoint.query as z.ZodObject, "query") : []),
    ];
    if (parameterList.length > 0) operation.parameters = parameterList;
    if (endpoint.upload) {
      const { field, mediaTypes, description } = endpoint.upload;
      operation.requestBody = {
        required: true,
        content: {
          "multipart/form-data": {
            schema: {
              type: "object",
              properties: { [field]: { type: "string", contentMediaType: "application/octet-stream", description } },
              required: [field],
            },
            encoding: { [field]: { contentType: mediaTypes.join(", ") } },
          },
        },
      };
    }
    if (endpoint.body) {
      operation.requestBody = {
        required: true,
        content: { "application/json": { schema: jsonSchema(endpoint.body, "input") } },
      };
    }
    paths[path] = { ...paths[path], [endpoint.method]: operation };
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "API da loja",
      version: "1.0.0",
      description: "Mensagens de erro em português no formato { error: { code, message } }. Valores em centavos, salvo onde indicado.",
    },
    servers: [{ url: "/api" }],
    tags: [...new Set(endpoints.map((endpoint) => endpoint.tag))].map((name) => ({ name, description: tagDescriptions[name] })),
    paths,
    components: {
      schemas: { ErrorBody: jsonSchema(errorBodySchema, "output") },
      responses: {
        Error: {
          description: "Erro (401 sem sessão, 403 sem permissão, 404, 409, 422, 429…)",
          content: { "application/json": { schema: { $ref: "#/components/schemas/ErrorBody" } } },
        },
      },
      securitySchemes: {
        [SESSION_SCHEME]: {
          type: "apiKey",
          in: "cookie",
          name: SESSION_COOKIE,
          description: `A sessão da conta, criada em /api/auth/sign-in/email (HttpOnly; em https, __Secure-${SESSION_COOKIE}).`,
        },
      },
    },
  };
}

export { ApiError };
