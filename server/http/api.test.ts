import { Hono } from "hono";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { createAuthTestContext, uniqueEmail, type AuthTestContext, type Browser } from "#test/auth-helpers.ts";
import { ADMIN_ONLY, USER_ONLY, type SessionUser } from "#server/http/guards.ts";
import { defineEndpoint, mountEndpoints } from "#server/http/api.ts";
import type { AppEnv } from "#server/http/app-env.ts";
import { ApiError, errorBody } from "#server/http/errors.ts";

let ctx: AuthTestContext;
beforeAll(async () => {
  ctx = await createAuthTestContext();
});
afterAll(async () => ctx?.close());

type ErrorJson = { error: { code: string; message: string } };

/** What each handler below was called with, in order. */
const calls: Array<{ path: string; user: SessionUser | undefined }> = [];
beforeEach(() => {
  calls.length = 0;
});

const endpoints = [
  defineEndpoint({
    method: "post",
    path: "/mine",
    operationId: "mine",
    summary: "Só para contas conectadas",
    tag: "teste",
    guard: USER_ONLY,
    body: z.strictObject({ note: z.string() }),
    response: z.unknown(),
    handler({ body, user }) {
      calls.push({ path: "/mine", user });
      return { email: user.email, note: body.note };
    },
  }),
  defineEndpoint({
    method: "get",
    path: "/bosses",
    operationId: "bosses",
    summary: "Só para administradores",
    tag: "teste",
    guard: ADMIN_ONLY,
    response: z.unknown(),
    handler({ user }) {
      calls.push({ path: "/bosses", user });
      return { email: user.email };
    },
  }),
  defineEndpoint({
    method: "get",
    path: "/anyone",
    operationId: "anyone",
    summary: "Para qualquer um",
    tag: "teste",
    response: z.unknown(),
    handler(input) {
      calls.push({ path: "/anyone", user: (input as { user?: SessionUser }).user });
      return { ok: true };
    },
  }),
];

/** Only the endpoints above, mounted as createApp mounts the shop's, with the API's error shape. */
function testApi() {
  const api = new Hono<AppEnv>();
  api.use(async (c, next) => {
    c.set("services", ctx.t.services);
    await next();
  });
  api.onError((error, c) => {
    if (error instanceof ApiError) return c.json(errorBody(error.code, error.message), error.status);
    throw error;
  });
  mountEndpoints(api, endpoints);
  return api;
}

function call(path: string, options: { browser?: Browser; json?: unknown } = {}) {
  const headers: Record<string, string> = {};
  if (options.browser) headers.cookie = options.browser.header();
  if (options.json !== undefined) headers["content-type"] = "application/json";
  return testApi().request(path, {
    method: options.json === undefined ? "GET" : "POST",
    headers,
    body: options.json === undefined ? undefined : JSON.stringify(options.json),
  });
}

describe("guarded endpoints hand the signed-in user to their handler", () => {
  it("gives a USER_ONLY handler the caller's account", async () => {
    const email = uniqueEmail();
    const browser = await ctx.customer(email);
    const response = await call("/mine", { browser, json: { note: "oi" } });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ email, note: "oi" });
    expect(calls).toEqual([{ path: "/mine", user: { id: await ctx.userId(email), email, name: "Maria Teste", emailVerified: true } }]);
  });

  it("answers an anonymous caller 401 before the handler runs, even before the body is validated", async () => {
    for (const json of [{ note: "oi" }, { wrong: 1 }]) {
      const response = await call("/mine", { json });
      expect(response.status).toBe(401);
      expect(((await response.json()) as ErrorJson).error).toEqual({ code: "unauthorized", message: "Entre na sua conta para continuar." });
    }
    expect(calls).toEqual([]);
  });

  it("answers a customer 403 from an ADMIN_ONLY endpoint without running it, and gives an admin's handler the admin", async () => {
    const customer = await ctx.customer(uniqueEmail());
    const refused = await call("/bosses", { browser: customer });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as ErrorJson).error.code).toBe("forbidden");
    expect((await call("/bosses")).status).toBe(401);
    expect(calls).toEqual([]);

    const email = uniqueEmail("chefe");
    await ctx.makeAdmin(email);
    const admin = await ctx.customer(email);
    const response = await call("/bosses", { browser: admin });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ email });
    expect(calls).toEqual([{ path: "/bosses", user: expect.objectContaining({ id: await ctx.userId(email), email }) }]);
  });

  it("gives a public handler no user, signed in or not", async () => {
    const browser = await ctx.customer(uniqueEmail());
    expect((await call("/anyone", { browser })).status).toBe(200);
    expect((await call("/anyone")).status).toBe(200);
    expect(calls).toEqual([
      { path: "/anyone", user: undefined },
      { path: "/anyone", user: undefined },
    ]);
  });

  it("types the user: non-null with a guard, absent without one (checked by npm run typecheck)", () => {
    const guarded = defineEndpoint({
      method: "get",
      path: "/x",
      operationId: "x",
      summary: "x",
      tag: "teste",
      guard: USER_ONLY,
      response: z.string(),
      handler: ({ user }) => user.id,
    });
    const publicOne = defineEndpoint({
      method: "get",
      path: "/y",
      operationId: "y",
      summary: "y",
      tag: "teste",
      response: z.unknown(),
      // @ts-expect-error a public endpoint's handler has no user to read
      handler: ({ user }) => user,
    });
    expect([guarded.guard, publicOne.guard]).toEqual([USER_ONLY, undefined]);
  });

  it("checks each handler's answer against its response schema, and types its params (checked by npm run typecheck)", () => {
    const fields = {
      method: "get",
      path: "/orders/:id",
      operationId: "z",
      summary: "z",
      tag: "teste",
      params: z.object({ id: z.uuid() }),
    } as const;
    const response = z.object({ id: z.string(), totalCents: z.number().int(), note: z.string().nullable() });
    const answers = [
      defineEndpoint({ ...fields, guard: USER_ONLY, response, handler: ({ params }) => ({ id: params.id, totalCents: 1, note: null }) }),
      defineEndpoint({ ...fields, response, handler: async ({ params }) => ({ id: params.id, totalCents: 1, note: "oi" }) }),
      defineEndpoint({
        ...fields,
        guard: USER_ONLY,
        response,
        // @ts-expect-error the answer has the wrong type for a field (totalCents is a number)
        handler: () => ({ id: "1", totalCents: "1", note: null }),
      }),
      defineEndpoint({
        ...fields,
        response,
        // @ts-expect-error an async answer misses a field the schema requires
        handler: async () => ({ id: "1", totalCents: 1 }),
      }),
      defineEndpoint({
        ...fields,
        guard: USER_ONLY,
        response,
        // @ts-expect-error params are what their schema declares, nothing else
        handler: ({ params }) => ({ id: params.orderId, totalCents: 1, note: null }),
      }),
    ];
    expect(answers).toHaveLength(5);
  });
});
