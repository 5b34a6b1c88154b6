import { z } from "zod";

/**
 * An endpoint's contract, apart from its handler (decision 046): the method and path (from the
 * zod-free route table, server/contracts/<module>.routes.ts) joined with its zod schemas and documentation.
 * The server's `defineEndpoint` spreads a contract entry and adds access and a handler; the
 * browser's client (app/lib/api-client.ts) reads the route table at run time and the contract's
 * types at compile time, so a path is never paired by hand with a response schema.
 *
 * Browser-safe, like every file of server/contracts/: zod and domain/'s browser-safe files only (lint: contracts-browser-safe).
 */

export type Method = "get" | "post" | "put" | "patch" | "delete";

/** What the browser needs at run time to call an operation: no schema, so no zod in its bundle. */
export type Route = { readonly method: Method; readonly path: string };

/** A module's operations by name (`"get"`, `"addItem"`…) → method and path. */
export type RouteTable = Record<string, Route>;

/** What a contract adds to a route (server/http/api.ts documents each field). */
export type ContractFields = {
  operationId: string;
  summary: string;
  tag: string;
  body?: z.ZodType;
  query?: z.ZodType;
  params?: z.ZodObject;
  response: z.ZodType;
  status?: 200 | 201 | 202 | 204;
  session?: "optional";
  produces?: "text/csv" | "application/octet-stream" | "application/pdf";
  accessLog?: "summary";
  callers?: "provider";
};

/** One operation's whole contract. */
export type ContractEntry = Route & ContractFields;
export type Contract = Record<string, ContractEntry>;

/**
 * A module's contract: each route of `routes` joined with its fields. The keys must be the same
 * (a route without fields, or fields without a route, does not compile), and the schemas keep
 * their own types, which type the handler and the browser's call.
 */
export function defineContract<const T extends RouteTable, const F extends { [K in keyof T]: ContractFields }>(
  routes: T,
  fields: F & Record<Exclude<keyof F, keyof T>, never>,
): { [K in keyof T]: T[K] & F[K] } {
  return Object.fromEntries(Object.keys(routes).map((name) => [name, { ...routes[name], ...fields[name] }])) as {
    [K in keyof T]: T[K] & F[K];
  };
}

// ---------------------------------------------------------------------------------------------
// Path parameters: part of the contract, so browser-safe too.

type InvalidAnswer = (issue: z.core.$ZodIssue) => Error;
const invalidAnswers = new WeakMap<z.ZodType, InvalidAnswer>();

/**
 * `schema` as a path parameter whose malformed value throws `answer(first issue)` (server/http/params.ts
 * reads it): a malformed id names nothing, so it answers exactly as an id that does not exist does.
 */
export function pathParam<S extends z.ZodType>(schema: S, answer: InvalidAnswer): S {
  invalidAnswers.set(schema, answer);
  return schema;
}

/** The answer registered for a path parameter's schema by `pathParam`, if any. */
export const invalidParamAnswer = (schema: z.ZodType): InvalidAnswer | undefined => invalidAnswers.get(schema);

/**
 * The one rule for ids in paths: a UUID of any version, in either case (what PostgreSQL's uuid type
 * reads), handed to the handler in lower case. Anything else gets `notFound()`, the domain's own
 * refusal for that resource (domain/<module>/*-errors.ts), so each resource keeps its 404.
 */
export const uuidParam = (notFound: () => Error) =>
  pathParam(
    z.guid().transform((id) => id.toLowerCase()),
    () => notFound(),
  );
