import { once } from "node:events";
import { randomUUID } from "node:crypto";
import { createServer, request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { getRequestListener } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "#test/database.ts";
import { loggerToLines } from "#test/log-lines.ts";
import { AccessLog } from "#server/http/access-log.ts";
import { apiEndpoints } from "#server/http/api-endpoints.ts";
import { createApp } from "#server/http/app.ts";
import { CART_COOKIE, issueCartToken } from "#server/http/cart-token.ts";

// The API as server/main.ts serves it: Node's http server hands every request to Hono's app, the
// one path of a request (decision 006). These are the answers a browser or a script sees on the wire.
const PRICE = "/api/functions/calculate-price";
const CART_ITEMS = "/api/cart/items";
const SAMPLE = "Cogumelo Penis Envy 7";
const SAMPLE_ID = "550e8400-e29b-41d4-a716-446655440002";
const json = { "content-type": "application/json" };
const priceBody = (quantity: number) => JSON.stringify({ quantity, packaging: { enabled: false }, product_name: SAMPLE });
const addBody = (fields: Record<string, unknown> = {}) => JSON.stringify({ productId: SAMPLE_ID, quantity: 10, ...fields });

let t: TestDatabase;
let logLines: Array<Record<string, unknown>> = [];
let accessLog: AccessLog;
const servers: Server[] = [];
let port = 0;

async function serve(trustProxy: boolean): Promise<number> {
  const { logger, lines } = loggerToLines();
  if (!trustProxy) logLines = lines;
  const services = { ...t.services, logger, config: { ...t.services.config, TRUST_PROXY: trustProxy } };
  const log = new AccessLog(logger, apiEndpoints);
  if (!trustProxy) accessLog = log;
  const listener = getRequestListener(createApp(services, { accessLog: log }).fetch);
  const server = createServer((request, response) => void listener(request, response));
  servers.push(server);
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  return (server.address() as AddressInfo).port;
}

beforeAll(async () => {
  t = await createTestDatabase();
  port = await serve(false);
});
afterAll(async () => {
  accessLog?.close();
  for (const server of servers) server.close();
  await t?.close();
});

type Sent = { method?: string; path?: string; headers?: Record<string, string>; body?: string; to?: number };
type Answer = { status: number; headers: Record<string, string | string[] | undefined>; body: string };

function send(sent: Sent): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { ...sent.headers };
    if (sent.body !== undefined) headers["content-length"] = String(Buffer.byteLength(sent.body));
    const request = httpRequest(
      { host: "127.0.0.1", port: sent.to ?? port, method: sent.method ?? "POST", path: sent.path ?? PRICE, headers },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks).toString() }),
        );
      },
    );
    request.on("error", reject);
    request.end(sent.body);
  });
}

const tokenCookie = () => `${CART_COOKIE}=${issueCartToken(t.services.config)}`;

describe("calculate-price over Node's http server", () => {
  it("sends the API's security headers: nosniff, referrer policy, a CSP that allows nothing", async () => {
    const answer = await send({ headers: json, body: priceBody(10) });
    expect(answer.status).toBe(200);
    expect(answer.headers["x-content-type-options"]).toBe("nosniff");
    expect(answer.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(answer.headers["content-security-policy"]).toContain("default-src 'none'");
    expect(answer.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(answer.headers["cache-control"]).toBe("no-store");
  });

  it("keeps a plain request id the client sent, replaces an unsafe one, and logs a refused request with it", async () => {
    logLines.length = 0;
    const kept = await send({ headers: { ...json, "x-request-id": "abc-123" }, body: priceBody(3) });
    expect(kept.status).toBe(400);
    expect(kept.headers["x-request-id"]).toBe("abc-123");
    const replaced = await send({ headers: { ...json, "x-request-id": "a b<c>" }, body: priceBody(10) });
    expect(replaced.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    expect(logLines).toContainEqual(
      expect.objectContaining({
        level: 30,
        msg: "request",
        requestId: "abc-123",
        method: "POST",
        path: PRICE,
        status: 400,
        ms: expect.any(Number),
      }),
    );
  });

  it("counts the prices it answered into one summary line instead of a line each (decision 010)", async () => {
    accessLog.flush();
    logLines.length = 0;
    for (let i = 0; i < 3; i++) expect((await send({ headers: json, body: priceBody(10) })).status).toBe(200);
    expect(logLines.filter((line) => line.path === PRICE)).toEqual([]);
    accessLog.flush();
    expect(logLines).toEqual([
      expect.objectContaining({ level: 30, msg: "requests", method: "POST", path: PRICE, status: 200, requests: 3 }),
    ]);
  });

  it("answers a GET with 404 and ignores a query string", async () => {
    expect((await send({ method: "GET" })).status).toBe(404);
    expect((await send({ path: `${PRICE}?x=1`, headers: json, body: priceBody(10) })).status).toBe(200);
  });
});

describe("adding to the cart over Node's http server", () => {
  it("issues a visitor's cart cookie on the first add, and the next add with it lands in the same cart", async () => {
    const first = await send({ path: CART_ITEMS, headers: json, body: addBody() });
    expect(first.status).toBe(201);
    const [issued] = first.headers["set-cookie"] as string[];
    expect(issued).toMatch(/^loja\.cart=[\w-]{43}\.[\w-]{22}; Path=\/; Max-Age=\d+; HttpOnly; SameSite=Lax$/);
    const cookie = issued!.split(";")[0]!;
    const again = await send({ path: CART_ITEMS, headers: { ...json, cookie: `consent=1; ${cookie}` }, body: addBody() });
    expect(again.status).toBe(201);
    expect(again.headers["set-cookie"]).toBeUndefined();
    expect(JSON.parse(again.body)).toMatchObject({ cartId: (JSON.parse(first.body) as { cartId: string }).cartId, quantity: 20 });
  });

  it("the same product added again sums into one line", async () => {
    const sent: Sent = { path: CART_ITEMS, headers: { ...json, cookie: tokenCookie() }, body: addBody() };
    const first = JSON.parse((await send(sent)).body) as { itemId: string };
    const second = JSON.parse((await send(sent)).body) as { itemId: string; quantity: number; itemCount: number };
    const third = JSON.parse((await send(sent)).body) as { itemId: string; quantity: number; itemCount: number };
    expect(second).toMatchObject({ itemId: first.itemId, quantity: 20, itemCount: 1 });
    expect(third).toMatchObject({ itemId: first.itemId, quantity: 30, itemCount: 1 });
  });

  it("an add replayed with its idempotency key, even several at once, is applied once", async () => {
    const sent: Sent = { path: CART_ITEMS, headers: { ...json, cookie: tokenCookie() }, body: addBody({ idempotencyKey: randomUUID() }) };
    const first = await send(sent);
    expect(first.status).toBe(201);
    const replays = [await send(sent), ...(await Promise.all(Array.from({ length: 5 }, () => send(sent))))];
    expect(replays[0]!.status).toBe(201);
    for (const replay of replays) {
      // The first answer again, or, while another copy is still running, 409.
      if (replay.status === 409) expect(JSON.parse(replay.body)).toMatchObject({ error: { code: "cart_add_in_progress" } });
      else expect([replay.status, JSON.parse(replay.body)]).toEqual([201, JSON.parse(first.body)]);
    }
  });

  it("a key sent again with another body answers 422 idempotency_key_reused, and adds nothing", async () => {
    const key = randomUUID();
    const headers = { ...json, cookie: tokenCookie() };
    const first = await send({ path: CART_ITEMS, headers, body: addBody({ idempotencyKey: key }) });
    expect(first.status).toBe(201);
    const reused = await send({ path: CART_ITEMS, headers, body: addBody({ idempotencyKey: key, quantity: 20 }) });
    expect(reused.status).toBe(422);
    expect(JSON.parse(reused.body)).toEqual({
      error: {
        code: "idempotency_key_reused",
        message: "Esta inclusão no carrinho já foi enviada com outros dados. Recarregue a página e confira o carrinho.",
      },
    });
    const replay = await send({ path: CART_ITEMS, headers, body: addBody({ idempotencyKey: key }) });
    expect([replay.status, replay.body]).toEqual([201, first.body]);
  });

  it("marks the cookie Secure when the request came over https (a trusted proxy's X-Forwarded-Proto)", async () => {
    const behindProxy = await serve(true);
    const answer = await send({ to: behindProxy, path: CART_ITEMS, headers: { ...json, "x-forwarded-proto": "https" }, body: addBody() });
    expect(answer.status).toBe(201);
    expect((answer.headers["set-cookie"] as string[])[0]).toMatch(/; HttpOnly; SameSite=Lax; Secure$/);
  });
});
