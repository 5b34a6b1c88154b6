import { once } from "node:events";
import { Writable } from "node:stream";
import { randomUUID } from "node:crypto";
import { createServer, request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { getRequestListener } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { createTestDatabase, type TestDatabase } from "#test/database.ts";
import { loggerToLines } from "#test/log-lines.ts";
import { createLoggerTo } from "#platform/logger.ts";
import { AccessLog } from "#server/http/access-log.ts";
import { apiEndpoints } from "#server/http/api-endpoints.ts";
import { createApp } from "#server/http/app.ts";
import { defineLeanEndpoint } from "#server/http/api.ts";
import { RATE_LIMITED_MESSAGE, rateLimitedError } from "#server/http/errors.ts";
import { createLeanLane } from "#server/http/lean-api.ts";
import { CART_COOKIE, issueCartToken } from "#server/http/cart-token.ts";

// The lean lane answers calculate-price without Hono; these tests send the same requests to a
// server with the lane and to one without it (Hono only) and expect the same answers.
const PATH = "/api/functions/calculate-price";
const SAMPLE = "Cogumelo Penis Envy 7";
/**
 * Every header either path sends must come from both, with the same value, except those that vary
 * by nature (the time, the length, the generated request id, the connection's framing). A header a
 * middleware of server/http/app.ts adds to API answers therefore fails this test until the lane
 * sends it too (decision 012: middleware has one place, and the lane follows it).
 */
const VARYING_HEADERS = new Set(["date", "content-length", "x-request-id", "connection", "keep-alive", "transfer-encoding"]);

let t: TestDatabase;
let lean: Server;
let hono: Server;
let logLines: Array<Record<string, unknown>> = [];
/** Shared by both lanes, as server/main.ts does. */
let accessLog: AccessLog;

async function listen(server: Server): Promise<number> {
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  return (server.address() as AddressInfo).port;
}

let leanPort = 0;
let honoPort = 0;
/** Only the lane: what it hands over to Hono is answered 599. */
let laneOnly: Server;
let laneOnlyPort = 0;
beforeAll(async () => {
  t = await createTestDatabase();
  const services = { ...t.services, config: { ...t.services.config, MAX_BODY_BYTES: 1000 } };
  // Both paths log through this logger; the lane's lines are checked below.
  const { logger, lines } = loggerToLines();
  logLines = lines;
  const shared = { ...services, logger };
  accessLog = new AccessLog(logger, apiEndpoints);
  const app = createApp(shared, { accessLog });
  const honoListener = getRequestListener(app.fetch);
  const lane = createLeanLane(shared, apiEndpoints, accessLog);
  lean = createServer((request, response) => {
    if (!lane(request, response)) void honoListener(request, response);
  });
  hono = createServer((request, response) => void honoListener(request, response));
  laneOnly = createServer((request, response) => {
    if (!lane(request, response)) response.writeHead(599).end();
  });
  leanPort = await listen(lean);
  honoPort = await listen(hono);
  laneOnlyPort = await listen(laneOnly);
});
afterAll(async () => {
  accessLog?.close();
  lean?.close();
  hono?.close();
  laneOnly?.close();
  await t?.close();
});

type Sent = { method?: string; path?: string; headers?: Record<string, string>; body?: string; chunked?: boolean };
type Answer = { status: number; headers: Record<string, string | string[] | undefined>; body: string };

function send(port: number, sent: Sent): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { ...sent.headers };
    if (sent.body !== undefined && !sent.chunked) headers["content-length"] = String(Buffer.byteLength(sent.body));
    const request = httpRequest(
      { host: "127.0.0.1", port, method: sent.method ?? "POST", path: sent.path ?? PATH, headers },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks).toString() }),
        );
      },
    );
    request.on("error", reject);
    if (sent.body !== undefined && sent.chunked) {
      // Two writes without Content-Length: Transfer-Encoding chunked.
      const middle = Math.floor(sent.body.length / 2);
      request.write(sent.body.slice(0, middle));
      request.end(sent.body.slice(middle));
    } else request.end(sent.body);
  });
}

function pick(headers: Answer["headers"]): Record<string, unknown> {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !VARYING_HEADERS.has(name)));
}

const json = { "content-type": "application/json" };
const CASES: Array<[string, Sent]> = [
  ["a price", { headers: json, body: JSON.stringify({ quantity: 10, packaging: { enabled: false }, product_name: SAMPLE }) }],
  [
    "a price with packaging",
    { headers: json, body: JSON.stringify({ quantity: 60, packaging: { enabled: true, fee_amount: 1 }, product_name: SAMPLE }) },
  ],
  ["a unit product", { headers: json, body: JSON.stringify({ quantity: 2, product_name: "Kit Cultura Líquida Golden Teacher" }) }],
  ["an unknown product", { headers: json, body: JSON.stringify({ quantity: 2, product_name: "Produto que não existe" }) }],
  ["odd grams", { headers: json, body: JSON.stringify({ quantity: 3, product_name: SAMPLE }) }],
  ["wrong types and unknown fields", { headers: json, body: JSON.stringify({ quantity: "10", product_name: 7, extra: true }) }],
  ["malformed JSON", { headers: json, body: "{quantity: 2" }],
  ["a body that is not JSON", { headers: { "content-type": "text/plain" }, body: JSON.stringify({ quantity: 2, product_name: SAMPLE }) }],
  ["no content type", { body: JSON.stringify({ quantity: 2, product_name: SAMPLE }) }],
  ["an oversized body", { headers: json, body: JSON.stringify({ quantity: 2, product_name: "x".repeat(2000) }) }],
  ["an oversized chunked body", { headers: json, body: JSON.stringify({ quantity: 2, product_name: "x".repeat(2000) }), chunked: true }],
  ["a chunked body", { headers: json, body: JSON.stringify({ quantity: 4, product_name: SAMPLE }), chunked: true }],
  [
    "a cross-site request",
    { headers: { ...json, origin: "https://evil.example" }, body: JSON.stringify({ quantity: 2, product_name: SAMPLE }) },
  ],
  [
    "a same-site request without Origin",
    { headers: { ...json, "sec-fetch-site": "same-site" }, body: JSON.stringify({ quantity: 2, product_name: SAMPLE }) },
  ],
  [
    "its own origin",
    { headers: { ...json, origin: "http://127.0.0.1:PORT" }, body: JSON.stringify({ quantity: 2, product_name: SAMPLE }) },
  ],
  [
    "a forwarded https it does not trust",
    { headers: { ...json, "x-forwarded-proto": "https" }, body: JSON.stringify({ quantity: 2, product_name: SAMPLE }) },
  ],
];

describe("the lean lane answers like the Hono path", () => {
  it.each(CASES)("%s", async (_name, sent) => {
    const withPort = (port: number): Sent => ({
      ...sent,
      headers: Object.fromEntries(Object.entries(sent.headers ?? {}).map(([key, value]) => [key, value.replace("PORT", String(port))])),
    });
    const viaLane = await send(leanPort, withPort(leanPort));
    const viaHono = await send(honoPort, withPort(honoPort));
    expect(viaLane.status).toBe(viaHono.status);
    expect(JSON.parse(viaLane.body)).toEqual(JSON.parse(viaHono.body));
    expect(pick(viaLane.headers)).toEqual(pick(viaHono.headers));
    expect(viaLane.headers["x-request-id"]).toBeTruthy();
  });

  it("sends the API's security headers: nosniff, referrer policy, a CSP that allows nothing", async () => {
    const answer = await send(leanPort, CASES[0]![1]);
    expect(answer.headers["x-content-type-options"]).toBe("nosniff");
    expect(answer.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(answer.headers["content-security-policy"]).toContain("default-src 'none'");
    expect(answer.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(answer.headers["cache-control"]).toBe("no-store");
  });

  it("keeps a plain request id the client sent, replaces an unsafe one, and logs a refused request with it", async () => {
    const oddGrams = CASES.find(([name]) => name === "odd grams")![1];
    logLines.length = 0;
    const kept = await send(leanPort, { ...oddGrams, headers: { ...json, "x-request-id": "abc-123" } });
    expect(kept.headers["x-request-id"]).toBe("abc-123");
    const replaced = await send(leanPort, { ...CASES[0]![1], headers: { ...json, "x-request-id": "a b<c>" } });
    expect(replaced.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    expect(logLines).toContainEqual(
      expect.objectContaining({ msg: "request", requestId: "abc-123", method: "POST", path: PATH, status: 400, ms: expect.any(Number) }),
    );
    // Hono's access log writes the same line.
    await send(honoPort, { ...oddGrams, headers: { ...json, "x-request-id": "via-hono" } });
    expect(logLines).toContainEqual(
      expect.objectContaining({
        level: 30,
        msg: "request",
        requestId: "via-hono",
        method: "POST",
        path: PATH,
        status: 400,
        ms: expect.any(Number),
      }),
    );
  });

  it("counts the prices it answered, through either lane, into one summary line instead of a line each (decision 010)", async () => {
    accessLog.flush();
    logLines.length = 0;
    for (const port of [leanPort, leanPort, honoPort]) expect((await send(port, CASES[0]![1])).status).toBe(200);
    expect(logLines.filter((line) => line.path === PATH)).toEqual([]);
    accessLog.flush();
    expect(logLines).toEqual([
      expect.objectContaining({
        level: 30,
        msg: "requests",
        method: "POST",
        path: PATH,
        status: 200,
        requests: 3,
        msMean: expect.any(Number),
        msMax: expect.any(Number),
      }),
    ]);
  });

  it("leaves other methods, query strings and paths to Hono", async () => {
    const get = await send(leanPort, { method: "GET" });
    expect(get.status).toBe(404);
    const query = await send(leanPort, { ...CASES[0]![1], path: `${PATH}?x=1` });
    expect(query.status).toBe(200);
  });
});

// Adding to the cart: visitors (no session cookie) take the lane, signed-in callers Hono.
const CART_ITEMS = "/api/cart/items";
const SAMPLE_ID = "550e8400-e29b-41d4-a716-446655440002";
const addBody = (fields: Record<string, unknown> = {}) => JSON.stringify({ productId: SAMPLE_ID, quantity: 10, ...fields });
/** The same request with a cart token of its own for each server (`TOKEN` is replaced by a cookie the server issued). */
const CART_CASES: Array<[string, Sent]> = [
  ["a first add (new cart)", { headers: { ...json, cookie: "TOKEN" }, body: addBody() }],
  [
    "with packaging and a tampered price",
    { headers: { ...json, cookie: "TOKEN" }, body: addBody({ quantity: 60, packaging: { enabled: true }, price: 1 }) },
  ],
  ["without a cart token (one is issued)", { headers: json, body: addBody() }],
  [
    "a forged cart token (ignored, one is issued)",
    { headers: { ...json, cookie: `loja.cart=${"A".repeat(43)}.${"A".repeat(22)}` }, body: addBody() },
  ],
  [
    "another browser's id in the header (ignored)",
    { headers: { ...json, cookie: "TOKEN", "cart-session-id": randomUUID() }, body: addBody() },
  ],
  ["a refused add without a cart token (the token is issued all the same)", { headers: json, body: addBody({ quantity: 3 }) }],
  ["a cart session that is not a UUID", { headers: { ...json, "cart-session-id": "abc" }, body: addBody() }],
  ["a tab id that is not one (ignored)", { headers: { ...json, cookie: "TOKEN", "x-cart-tab": "<aba>" }, body: addBody() }],
  ["odd grams", { headers: { ...json, cookie: "TOKEN" }, body: addBody({ quantity: 3 }) }],
  ["an unknown product", { headers: { ...json, cookie: "TOKEN" }, body: addBody({ productId: randomUUID() }) }],
  [
    "the Golden Teacher sample, not for sale",
    { headers: { ...json, cookie: "TOKEN" }, body: addBody({ productId: "550e8400-e29b-41d4-a716-446655440001" }) },
  ],
  ["a cross-site request", { headers: { ...json, cookie: "TOKEN", origin: "https://evil.example" }, body: addBody() }],
  // One key for both servers' carts: a key belongs to its cart, so each adds.
  ["with an idempotency key", { headers: { ...json, cookie: "TOKEN" }, body: addBody({ idempotencyKey: randomUUID() }) }],
  ["an idempotency key that is not a UUID", { headers: { ...json, cookie: "TOKEN" }, body: addBody({ idempotencyKey: "abc" }) }],
];
const tokenCookie = () => `${CART_COOKIE}=${issueCartToken(t.services.config)}`;

/** A cart's token and id differ between two browsers; their presence and the cookie's attributes must not. */
function cartHeaders(headers: Answer["headers"]): Record<string, unknown> {
  const cookies = (headers["set-cookie"] ?? []) as string[];
  return {
    ...pick(headers),
    "set-cookie": cookies.map((cookie) => cookie.replace(/^loja\.cart=[\w.-]+;/, "loja.cart=TOKEN;")),
    "cart-session-id": headers["cart-session-id"] === undefined ? undefined : /^[0-9a-f-]{36}$/.test(String(headers["cart-session-id"])),
  };
}

/** Ids differ between two carts; everything else must not. */
const withoutIds = (body: string) => {
  const parsed = JSON.parse(body) as Record<string, unknown>;
  return { ...parsed, cartId: typeof parsed.cartId, itemId: typeof parsed.itemId };
};

describe("adding to the cart through the lane answers like the Hono path", () => {
  it.each(CART_CASES)("%s", async (_name, sent) => {
    const withSession = (): Sent => ({
      ...sent,
      path: CART_ITEMS,
      headers: Object.fromEntries(Object.entries(sent.headers ?? {}).map(([key, value]) => [key, value.replace("TOKEN", tokenCookie())])),
    });
    const viaLane = await send(leanPort, withSession());
    const viaHono = await send(honoPort, withSession());
    expect(viaLane.status).toBe(viaHono.status);
    expect(withoutIds(viaLane.body)).toEqual(withoutIds(viaHono.body));
    expect(cartHeaders(viaLane.headers)).toEqual(cartHeaders(viaHono.headers));
  });

  it("the same product added again through either path sums into one line", async () => {
    const sent: Sent = { path: CART_ITEMS, headers: { ...json, cookie: tokenCookie() }, body: addBody() };
    const first = JSON.parse((await send(leanPort, sent)).body) as { itemId: string };
    const second = JSON.parse((await send(honoPort, sent)).body) as { itemId: string; quantity: number; itemCount: number };
    const third = JSON.parse((await send(leanPort, sent)).body) as { itemId: string; quantity: number; itemCount: number };
    expect(second).toMatchObject({ itemId: first.itemId, quantity: 20, itemCount: 1 });
    expect(third).toMatchObject({ itemId: first.itemId, quantity: 30, itemCount: 1 });
  });

  it("an add replayed with its idempotency key through either path, even several at once, is applied once", async () => {
    const sent: Sent = {
      path: CART_ITEMS,
      headers: { ...json, cookie: tokenCookie() },
      body: addBody({ idempotencyKey: randomUUID() }),
    };
    const first = await send(leanPort, sent);
    expect(first.status).toBe(201);
    const replays = [await send(honoPort, sent), ...(await Promise.all(Array.from({ length: 5 }, () => send(leanPort, sent))))];
    expect(replays[0]!.status).toBe(201);
    for (const replay of replays) {
      // The first answer again, or, while another copy is still running, 409.
      if (replay.status === 409) expect(JSON.parse(replay.body)).toMatchObject({ error: { code: "cart_add_in_progress" } });
      else expect([replay.status, JSON.parse(replay.body)]).toEqual([201, JSON.parse(first.body)]);
    }
  });

  it("a key sent again with another body answers 422 idempotency_key_reused through either path, and adds nothing", async () => {
    const key = randomUUID();
    const headers = { ...json, cookie: tokenCookie() };
    const first = await send(leanPort, { path: CART_ITEMS, headers, body: addBody({ idempotencyKey: key }) });
    expect(first.status).toBe(201);
    const reused = { path: CART_ITEMS, headers, body: addBody({ idempotencyKey: key, quantity: 20 }) };
    const viaLane = await send(leanPort, reused);
    const viaHono = await send(honoPort, reused);
    for (const answer of [viaLane, viaHono]) {
      expect(answer.status).toBe(422);
      expect(JSON.parse(answer.body)).toEqual({
        error: {
          code: "idempotency_key_reused",
          message: "Esta inclusão no carrinho já foi enviada com outros dados. Recarregue a página e confira o carrinho.",
        },
      });
    }
    expect(pick(viaLane.headers)).toEqual(pick(viaHono.headers));
    const replay = await send(leanPort, { path: CART_ITEMS, headers, body: addBody({ idempotencyKey: key }) });
    expect([replay.status, replay.body]).toEqual([201, first.body]);
  });

  it("serves visitors, with their cart cookie or none; a request with the session cookie goes to Hono", async () => {
    const first = await send(laneOnlyPort, { path: CART_ITEMS, headers: json, body: addBody() });
    expect(first.status).toBe(201);
    const [issued] = first.headers["set-cookie"] as string[];
    expect(issued).toMatch(/^loja\.cart=[\w-]{43}\.[\w-]{22}; Path=\/; Max-Age=\d+; HttpOnly; SameSite=Lax$/);
    const cookie = issued!.split(";")[0]!;
    const again = await send(laneOnlyPort, { path: CART_ITEMS, headers: { ...json, cookie: `consent=1; ${cookie}` }, body: addBody() });
    expect(again.status).toBe(201);
    expect(again.headers["set-cookie"]).toBeUndefined();
    expect(JSON.parse(again.body)).toMatchObject({ cartId: JSON.parse(first.body).cartId, quantity: 20 });
    for (const session of ["loja.session_token=x", "__Secure-loja.session_token=x"]) {
      const signedIn = await send(laneOnlyPort, {
        path: CART_ITEMS,
        headers: { ...json, cookie: `${cookie}; ${session}` },
        body: addBody(),
      });
      expect(signedIn.status).toBe(599);
    }
  });

  it("marks the cookie Secure when the request came over https (a trusted proxy's X-Forwarded-Proto)", async () => {
    const services = { ...t.services, config: { ...t.services.config, TRUST_PROXY: true } };
    const lane = createLeanLane(services, apiEndpoints, new AccessLog(services.logger, apiEndpoints));
    const server = createServer((request, response) => {
      if (!lane(request, response)) response.writeHead(599).end();
    });
    const port = await listen(server);
    try {
      const answer = await send(port, { path: CART_ITEMS, headers: { ...json, "x-forwarded-proto": "https" }, body: addBody() });
      expect(answer.status).toBe(201);
      expect((answer.headers["set-cookie"] as string[])[0]).toMatch(/; HttpOnly; SameSite=Lax; Secure$/);
    } finally {
      server.close();
    }
  });
});

describe("an error's own headers", () => {
  it("are sent by the lane as by Hono (a 429's Retry-After)", async () => {
    const limited = defineLeanEndpoint({
      method: "post",
      path: "/limitado",
      operationId: "limited",
      summary: "sempre recusa",
      tag: "teste",
      response: z.object({}),
      run: () => {
        throw rateLimitedError(42);
      },
    });
    const services = { ...t.services, logger: createLoggerTo("silent", new Writable({ write: (_chunk, _encoding, done) => done() })) };
    const lane = createLeanLane(services, [limited]);
    const server = createServer((request, response) => {
      if (!lane(request, response)) response.writeHead(599).end();
    });
    const port = await listen(server);
    try {
      const answer = await send(port, { path: "/api/limitado", headers: json, body: "{}" });
      expect(answer.status).toBe(429);
      expect(answer.headers["retry-after"]).toBe("42");
      expect(JSON.parse(answer.body)).toEqual({ error: { code: "rate_limited", message: RATE_LIMITED_MESSAGE } });
    } finally {
      server.close();
    }
  });
});
