import type { Context, Hono } from "hono";
import { z } from "zod";
import { ApiError, errorBodySchema, invalidJsonError, unsupportedMediaError, validationError } from "#server/http/errors.ts";
import type { SessionUser } from "#domain/auth/session.server.ts";
import type { AppEnv } from "#server/http/app-env.ts";
import type { AppServices } from "#platform/services.ts";

// zod's own messages in Brazilian Portuguese, so validation errors reach the UI ready to show.
z.config(z.locales.ptBR());

type Method = "get" | "post" | "put" | "patch" | "delete";

/**
 * Who may call an endpoint (server/auth/access.ts: USER_ONLY, ADMIN_ONLY). `check` throws the API's
 * 401 or 403 for anyone else, and otherwise returns the caller, whom the handler receives as `user`.
 */
export type EndpointGuard = { access: "user" | "admin"; check: (c: Context<AppEnv>) => Promise<SessionUser> };

/** What every endpoint declares besides its access and its handler. */
type EndpointFields<B extends z.ZodType, Q extends z.ZodType> = {
  method: Method;
  path: string;
  summary: string;
  tag: string;
  body?: B;
  query?: Q;
  response: z.ZodType;
  status?: 200 | 201 | 202 | 204;
  /** "summary": its successes are counted into a line a minute instead of a line each (access-log.ts, decision 010). */
  accessLog?: "summary";
};

type HandlerInput<B extends z.ZodType, Q extends z.ZodType> = { body: z.infer<B>; query: z.infer<Q>; c: Context<AppEnv> };
type Handler<Input> = (input: Input) => Promise<unknown> | unknown;

/**
 * Anyone may call it, so its handler gets no `user`; one that serves a signed-in caller differently
 * (the cart) reads `currentUser(c)` itself.
 */
export type PublicEndpoint<B extends z.ZodType = z.ZodType, Q extends z.ZodType = z.ZodType> = EndpointFields<B, Q> & {
  guard?: undefined;
  handler: Handler<HandlerInput<B, Q>>;
};

/**
 * Only callers its guard lets through. The guard runs before the body is even parsed, so a caller
 * without access learns nothing from validation errors; the handler gets the caller as `user`.
 */
export type GuardedEndpoint<B extends z.ZodType = z.ZodType, Q extends z.ZodType = z.ZodType> = EndpointFields<B, Q> & {
  guard: EndpointGuard;
  handler: Handler<HandlerInput<B, Q> & { user: SessionUser }>;
};

/**
 * One API operation as `defineEndpoint` leaves it, its input types erased: the same definition
 * validates requests, is served by mountEndpoints (and the lean lane) and generates the OpenAPI document.
 */
export type Endpoint = EndpointFields<z.ZodType, z.ZodType> & {
  /** Absent: public. */
  guard?: EndpointGuard;
  /** `user`: whom the guard let through; undefined for a public endpoint, whose handler's type has no `user`. */
  handler: Handler<HandlerInput<z.ZodType, z.ZodType> & { user?: SessionUser }>;
  /** Set by `defineLeanEndpoint` or `withAnonymousLeanLane`: the handler without Hono, for the lean lane (lean-api.ts). */
  lean?: (input: LeanInput) => Promise<unknown> | unknown;
  /** The lean lane serves only requests without a Cookie header (no session to read); the others take the Hono route. */
  leanWithoutCookiesOnly?: boolean;
};

export type LeanInput<B extends z.ZodType = z.ZodType, Q extends z.ZodType = z.ZodType> = {
  body: z.infer<B>;
  query: z.infer<Q>;
  services: AppServices;
  /** A request header (lower-case name), as Hono's `c.req.header(name)` gives it. */
  header: (name: string) => string | undefined;
};

/** A guarded endpoint (`guard: USER_ONLY` or `ADMIN_ONLY`): its handler gets the caller as `user`, never null. */
export function defineEndpoint<B extends z.ZodType = z.ZodNever, Q extends z.ZodType = z.ZodNever>(endpoint: GuardedEndpoint<B, Q>): Endpoint;
/** A public endpoint (no `guard`): its handler gets no `user`. */
export function defineEndpoint<B extends z.ZodType = z.ZodNever, Q extends z.ZodType = z.ZodNever>(endpoint: PublicEndpoint<B, Q>): Endpoint;
export function defineEndpoint(endpoint: GuardedEndpoint | PublicEndpoint): Endpoint {
  return endpoint as unknown as Endpoint;
}

/**
 * A public operation that needs nothing of the request but its validated input and headers: no
 * session, no cookies. Besides its Hono route, the lean lane (lean-api.ts) serves it straight from
 * Node's http server with the same checks, headers, log and errors (decision 006).
 */
export function defineLeanEndpoint<B extends z.ZodType = z.ZodNever, Q extends z.ZodType = z.ZodNever>(
  endpoint: EndpointFields<B, Q> & { run: (input: LeanInput<B, Q>) => Promise<unknown> | unknown },
): Endpoint {
  const { run, ...rest } = endpoint;
  return {
    ...rest,
    lean: run,
    handler: ({ body, query, c }) => run({ body, query, services: c.get("services"), header: (name) => c.req.header(name) }),
  } as PublicEndpoint<B, Q> as unknown as Endpoint;
}

/**
 * A public endpoint whose anonymous callers the lean lane may serve with `anonymous` (decision 006): a
 * request without a Cookie header has no session, so the Hono handler would see no user either.
 * Requests with cookies (a signed-in customer, or anything else) take the Hono route as before.
 * `anonymous` must answer exactly as `handler` does for a caller without a session;
 * lean-api.test.ts sends the same requests both ways.
 */
export function withAnonymousLeanLane<B extends z.ZodType = z.ZodNever, Q extends z.ZodType = z.ZodNever>(
  endpoint: Omit<PublicEndpoint<B, Q>, "guard">,
  anonymous: (input: LeanInput<B, Q>) => Promise<unknown> | unknown,
): Endpoint {
  return { ...endpoint, lean: anonymous, leanWithoutCookiesOnly: true } as PublicEndpoint<B, Q> as unknown as Endpoint;
}

/** 415 unless the body is declared JSON (any charset). */
export function checkJsonContentType(type: string | undefined): void {
  if (!(type ?? "").toLowerCase().startsWith("application/json")) throw unsupportedMediaError();
}

export function parseJsonText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw invalidJsonError();
  }
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

/** Hono paths use `:id`; OpenAPI uses `{id}`. */
const toOpenApiPath = (path: string) => path.replace(/:(\w+)/g, "{$1}");

export function mountEndpoints(app: Hono<AppEnv>, endpoints: Endpoint[]): void {
  for (const endpoint of endpoints) {
    app.on(endpoint.method.toUpperCase(), endpoint.path, async (c) => {
      // Before the body: a caller without access gets 401 or 403, never a validation error.
      const user = await endpoint.guard?.check(c);
      const body = endpoint.body ? parse(endpoint.body, await readJsonBody(c)) : undefined;
      const query = endpoint.query ? parse(endpoint.query, c.req.query()) : undefined;
      const result = await endpoint.handler({ body, query, c, user });
      if (endpoint.status === 204) return c.body(null, 204);
      return c.json(result as object, endpoint.status ?? 200);
    });
  }
}

export function openApiDocument(endpoints: Endpoint[]) {
  const paths: Record<string, Record<string, unknown>> = {};
  const errorResponse = {
    description: "Erro",
    content: { "application/json": { schema: z.toJSONSchema(errorBodySchema) } },
  };
  for (const endpoint of endpoints) {
    const path = toOpenApiPath(endpoint.path);
    const operation: Record<string, unknown> = {
      summary: endpoint.summary,
      tags: [endpoint.tag],
      // Who may call it: "public", "user" (a session; 401 without) or "admin" (403 for customers).
      "x-access": endpoint.guard?.access ?? "public",
      responses: {
        [endpoint.status ?? 200]: {
          description: "OK",
          content: { "application/json": { schema: z.toJSONSchema(endpoint.response, { io: "output" }) } },
        },
        "4XX": errorResponse,
      },
    };
    if (endpoint.body) {
      operation.requestBody = {
        required: true,
        content: { "application/json": { schema: z.toJSONSchema(endpoint.body, { io: "input" }) } },
      };
    }
    if (endpoint.query) {
      const shape = z.toJSONSchema(endpoint.query, { io: "input" }) as {
        properties?: Record<string, unknown>;
        required?: string[];
      };
      operation.parameters = Object.entries(shape.properties ?? {}).map(([name, schema]) => ({
        name,
        in: "query",
        required: shape.required?.includes(name) ?? false,
        schema,
      }));
    }
    paths[path] = { ...paths[path], [endpoint.method]: operation };
  }
  return {
    openapi: "3.1.0",
    info: { title: "API da loja", version: "1.0.0" },
    paths,
  };
}

export { ApiError };
