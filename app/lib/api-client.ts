import type { z } from "zod";
import type { Contract, ContractEntry, Route } from "#server/contracts/define-contract.ts";
import { fetchJson, type JsonRequest } from "#app/lib/fetch-json.ts";
import { API_PREFIX } from "#server/contracts/routes.ts";

/**
 * The browser's API caller, typed by the endpoints' own contracts (decision 046): a module's client
 * is made from its zod-free route table (server/contracts/<module>.routes.ts), and its operations' inputs and
 * answers are the types of the contract the server mounts (server/contracts/<module>.ts, imported
 * as a type only, so no zod reaches the page). `orders.call("get", { params: { id } })` builds
 * the order's path under the API and resolves with that endpoint's response type: no path is written in app/,
 * and no path can be paired with another endpoint's schema.
 */

type Schema<E, Key extends string> = E extends { [K in Key]: infer S extends z.ZodType } ? S : never;

/** What an operation takes: `params` (path), `body` (JSON) and `query`, each only when its contract declares it. */
export type CallInput<E extends ContractEntry> = ([Schema<E, "params">] extends [never]
  ? { params?: never }
  : { params: z.input<Schema<E, "params">> }) &
  ([Schema<E, "body">] extends [never] ? { body?: never } : { body: z.input<Schema<E, "body">> }) &
  ([Schema<E, "query">] extends [never] ? { query?: never } : { query: z.input<Schema<E, "query">> });

/** What an operation answers: its response schema's output; null for a 204. */
export type CallAnswer<E extends ContractEntry> = E extends { status: 204 } ? null : z.output<E["response"]>;

/** Per call: the request's own headers, cancellation, the message of an error without one, the answer's headers. */
export type CallOptions = Pick<JsonRequest, "headers" | "signal" | "fallbackMessage" | "onAnswer">;

type Args<E extends ContractEntry> =
  object extends CallInput<E> ? [input?: CallInput<E> & CallOptions] : [input: CallInput<E> & CallOptions];

/** The route table a contract was made from: the same names, methods and paths (checked by the compiler). */
export type RoutesOf<C extends Contract> = { readonly [K in keyof C]: Route & Pick<C[K], "method" | "path"> };

/**
 * Around each call (the cart's headers, timings and error log): gets the built path and request,
 * and sends it with `send`.
 */
export type Around = (path: string, request: JsonRequest, send: (request: JsonRequest) => Promise<unknown>) => Promise<unknown>;

/** A call's input once its types have done their work. */
type LooseInput = { params?: Record<string, unknown>; body?: unknown; query?: Record<string, unknown> };

/** The path of `route` with its `:name`s filled in (encoded) and the query's defined values appended. */
export function buildPath(route: Route, params?: Record<string, unknown>, query?: Record<string, unknown>): string {
  const path = route.path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null) throw new Error(`${route.path}: falta o parâmetro ${name}`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== "") search.set(name, String(value));
  }
  const text = search.toString();
  return `${API_PREFIX}${path}${text ? `?${text}` : ""}`;
}

export function apiClient<C extends Contract>(routes: RoutesOf<C>, defaults: CallOptions & { around?: Around } = {}) {
  const { around, ...defaultOptions } = defaults;
  return {
    /** Calls operation `name`; rejects with ApiCallError (the server's Portuguese message) or NetworkError. */
    call<K extends keyof C & string>(name: K, ...[input]: Args<C[K]>): Promise<CallAnswer<C[K]>> {
      const route = routes[name];
      const { params, body, query, headers, ...options } = (input ?? {}) as LooseInput & CallOptions;
      const path = buildPath(route, params, query);
      const request: JsonRequest = {
        ...defaultOptions,
        ...options,
        headers: { ...defaultOptions.headers, ...headers },
        method: route.method.toUpperCase(),
        json: body,
      };
      const send = (ready: JsonRequest) => fetchJson(path, ready);
      return (around ? around(path, request, send) : send(request)) as Promise<CallAnswer<C[K]>>;
    },
    /** The address of a GET operation, for a link or a download (`<a href>`), not a fetch. */
    href<K extends keyof C & string>(name: K, input: Pick<CallInput<C[K]>, "params" | "query"> = {}): string {
      const { params, query } = input as LooseInput;
      return buildPath(routes[name], params, query);
    },
  };
}
