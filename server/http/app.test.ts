import fs from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { testServices } from "#test/database.ts";
import { setUpTestApp } from "#test/test-app.ts";
import { createDatabase, type Database } from "#platform/db/client.ts";
import { clientErrors } from "#platform/db/tables/maintenance.ts";
import { createApp } from "#server/http/app.ts";

const ctx = setUpTestApp();

const ENGLISH = /\b(invalid|expected|unrecognized|required|received|error|not found|too large)\b/i;
const PORTUGUESE = /\b(dados|inválid[oa]s?|corpo|requisição|recurso|encontrado|envie|banco|indisponível|erro|interno)\b/i;

/** The one error shape of the API, in Portuguese, with nothing else in it (no stack, no detail). */
async function expectApiError(response: Response, status: number, code: string): Promise<string> {
  expect(response.status).toBe(status);
  expect(response.headers.get("content-type")).toMatch(/^application\/json/);
  const text = await response.text();
  const body = JSON.parse(text) as { error: { code: string; message: string } };
  expect(Object.keys(body)).toEqual(["error"]);
  expect(Object.keys(body.error).sort()).toEqual(["code", "message"]);
  expect(body.error.code).toBe(code);
  expect(body.error.message).toMatch(PORTUGUESE);
  expect(body.error.message).not.toMatch(ENGLISH);
  expect(text).not.toMatch(/\bat .+:\d+:\d+|node_modules|\.ts:\d+|Error:/);
  return body.error.message;
}

function postJson(body: string, headers: Record<string, string> = {}, target = ctx.app) {
  return target.request("/api/client-errors", {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body,
  });
}

/** Services whose database is a socket folder with no PostgreSQL in it: connections fail at once. */
async function unreachableDatabase(): Promise<{ db: Database; dispose(): Promise<void> }> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "shop-no-db-"));
  const db = createDatabase(`postgresql://postgres@${encodeURIComponent(dir)}:5432/shop`, 1);
  return {
    db,
    async dispose() {
      await db.$client.end();
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
}

describe("health checks", () => {
  it("/healthz answers 200 while the process is up", async () => {
    const response = await ctx.app.request("/healthz");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok" });
  });

  it("/readyz answers 200 when the database answers", async () => {
    const response = await ctx.app.request("/readyz");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ready" });
  });

  it("/readyz answers 503 with the error shape when the database is unreachable; /healthz stays 200", async () => {
    const down = await unreachableDatabase();
    try {
      const downApp = createApp(testServices(down.db));
      await expectApiError(await downApp.request("/readyz"), 503, "database_unavailable");
      expect((await downApp.request("/healthz")).status).toBe(200);
    } finally {
      await down.dispose();
    }
  });

  it("/readyz answers 503 when the database accepts connections but never replies", async () => {
    // A black-holed database host: the check must give up instead of hanging the probe.
    const sockets = new Set<net.Socket>();
    const silent = net.createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const { port } = silent.address() as net.AddressInfo;
    const db = createDatabase(`postgres://postgres@127.0.0.1:${port}/shop`, 1);
    try {
      await expectApiError(await createApp(testServices(db)).request("/readyz"), 503, "database_unavailable");
    } finally {
      for (const socket of sockets) socket.destroy();
      silent.close();
      await db.$client.end();
    }
  });
});

describe("POST /api/client-errors", () => {
  it("stores a valid report and answers 202", async () => {
    const message = `Cannot read properties of undefined ${crypto.randomUUID()}`;
    const response = await postJson(JSON.stringify({ message, path: "/carrinho", stack: "TypeError: x\n at y" }), {
      "user-agent": "Vitest/1.0",
    });
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({ received: true });

    const rows = await ctx.t.db.select().from(clientErrors).where(eq(clientErrors.message, message));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ path: "/carrinho", stack: "TypeError: x\n at y", userAgent: "Vitest/1.0" });
  });

  it("accepts a JSON content type with a charset", async () => {
    const response = await postJson(JSON.stringify({ message: "falha", path: "/" }), {
      "content-type": "application/json; charset=utf-8",
    });
    expect(response.status).toBe(202);
  });

  it("rejects malformed JSON with 400 invalid_json", async () => {
    await expectApiError(await postJson('{"message": "falha", "path": '), 400, "invalid_json");
    await expectApiError(await postJson(""), 400, "invalid_json");
  });

  it("rejects wrong types with 400 validation_error naming the field", async () => {
    const message = await expectApiError(await postJson(JSON.stringify({ message: 123, path: "/" })), 400, "validation_error");
    expect(message).toContain("message");
    await expectApiError(await postJson(JSON.stringify({ message: "falha", path: ["/"] })), 400, "validation_error");
  });

  it("rejects a JSON value that is not an object, missing fields and invalid values", async () => {
    await expectApiError(await postJson("null"), 400, "validation_error");
    await expectApiError(await postJson("[]"), 400, "validation_error");
    await expectApiError(await postJson("{}"), 400, "validation_error");
    await expectApiError(await postJson(JSON.stringify({ message: "   ", path: "/" })), 400, "validation_error");
    await expectApiError(await postJson(JSON.stringify({ message: "falha", path: "carrinho" })), 400, "validation_error");
  });

  it("rejects unknown fields with 400 validation_error naming them", async () => {
    const message = await expectApiError(
      await postJson(JSON.stringify({ message: "falha", path: "/", isAdmin: true })),
      400,
      "validation_error",
    );
    expect(message).toContain("isAdmin");
  });

  it("rejects a body larger than MAX_BODY_BYTES with 413, whether or not Content-Length announces it", async () => {
    const big = JSON.stringify({ message: "x".repeat(ctx.t.services.config.MAX_BODY_BYTES), path: "/" });
    await expectApiError(await postJson(big, { "content-length": String(Buffer.byteLength(big)) }), 413, "payload_too_large");

    const bytes = new TextEncoder().encode(big);
    const chunked = await ctx.app.request("/api/client-errors", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: new ReadableStream({
        start(controller) {
          for (let i = 0; i < bytes.length; i += 16_384) controller.enqueue(bytes.subarray(i, i + 16_384));
          controller.close();
        },
      }),
      duplex: "half",
    } as RequestInit);
    await expectApiError(chunked, 413, "payload_too_large");
  });

  it("accepts a body of exactly MAX_BODY_BYTES and refuses one byte more", async () => {
    const small = createApp({ ...ctx.t.services, config: { ...ctx.t.services.config, MAX_BODY_BYTES: 1000 } });
    const json = JSON.stringify({ message: "no limite", path: "/" });
    const atLimit = json.padEnd(1000, " ");
    expect((await postJson(atLimit, {}, small)).status).toBe(202);
    await expectApiError(await postJson(`${atLimit} `, {}, small), 413, "payload_too_large");
  });

  it("rejects a body that is not JSON with 415", async () => {
    const body = JSON.stringify({ message: "falha", path: "/" });
    await expectApiError(await postJson(body, { "content-type": "text/plain" }), 415, "unsupported_media_type");
    await expectApiError(await postJson(body, { "content-type": "application/x-www-form-urlencoded" }), 415, "unsupported_media_type");
  });

  it("answers 503 with the error shape, a Portuguese message and no detail, when the database cannot be reached", async () => {
    const down = await unreachableDatabase();
    try {
      const downApp = createApp(testServices(down.db));
      const message = await expectApiError(
        await postJson(JSON.stringify({ message: "falha", path: "/" }), {}, downApp),
        503,
        "database_unavailable",
      );
      expect(message).toBe("Banco de dados indisponível no momento. Tente novamente em instantes.");
    } finally {
      await down.dispose();
    }
  });
});

describe("unknown API paths", () => {
  it.each([
    ["GET", "/api/nao-existe"],
    ["POST", "/api/nao-existe"],
    ["GET", "/api/client-errors"],
    ["DELETE", "/api/client-errors"],
  ])("%s %s answers 404 with the error shape", async (method, url) => {
    await expectApiError(await ctx.app.request(url, { method }), 404, "not_found");
  });
});

describe("GET /api/openapi.json", () => {
  it("is an OpenAPI 3.1 document describing POST /client-errors from its zod schema", async () => {
    const response = await ctx.app.request("/api/openapi.json");
    expect(response.status).toBe(200);
    type Operation = { requestBody: { content: Record<string, { schema: unknown }> }; responses: object };
    const doc = (await response.json()) as { openapi: string; paths: Record<string, Record<string, Operation>> };
    expect(doc.openapi).toMatch(/^3\.1\./);
    const operation = doc.paths["/client-errors"]?.post;
    expect(operation).toBeDefined();
    expect(operation!.requestBody.content["application/json"]!.schema).toMatchObject({
      type: "object",
      properties: {
        message: { type: "string", minLength: 1, maxLength: 2000 },
        path: { type: "string", maxLength: 2000 },
        stack: { type: "string" },
      },
      required: ["message", "path"],
      additionalProperties: false,
    });
    expect(Object.keys(operation!.responses)).toEqual(expect.arrayContaining(["202", "4XX"]));
  });
});

describe("security headers", () => {
  it("sends a CSP with a fresh script nonce and frame-ancestors 'none', nosniff and a referrer policy", async () => {
    const first = await ctx.app.request("/healthz");
    const second = await ctx.app.request("/healthz");
    const csp = first.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("object-src 'none'");
    // No <base> may point the page's relative URLs (its scripts, its forms) elsewhere.
    expect(csp).toContain("base-uri 'none'");
    const nonce = /script-src 'self' 'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(second.headers.get("content-security-policy")).not.toContain(nonce);
    expect(first.headers.get("x-content-type-options")).toBe("nosniff");
    expect(first.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(first.headers.get("x-frame-options")).toBe("DENY");
    expect(first.headers.get("x-request-id")).toBeTruthy();
  });

  it("sends them on API errors too", async () => {
    const response = await ctx.app.request("/api/nao-existe");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
  });

  it("sends no HSTS over plain http, nor for a forwarded https header it does not trust", async () => {
    expect((await ctx.app.request("/healthz")).headers.get("strict-transport-security")).toBeNull();
    const spoofed = await ctx.app.request("/healthz", { headers: { "x-forwarded-proto": "https" } });
    expect(spoofed.headers.get("strict-transport-security")).toBeNull();
  });

  it("sends HSTS behind a trusted proxy that forwarded an https request, and only then", async () => {
    const proxied = createApp(testServices(ctx.t.db, { TRUST_PROXY: "true" }));
    const https = await proxied.request("/healthz", { headers: { "x-forwarded-proto": "https" } });
    expect(https.headers.get("strict-transport-security")).toMatch(/^max-age=\d{8,}; includeSubDomains/);
    const chained = await proxied.request("/healthz", { headers: { "x-forwarded-proto": "https, http" } });
    expect(chained.headers.get("strict-transport-security")).toMatch(/^max-age=/);
    const http = await proxied.request("/healthz", { headers: { "x-forwarded-proto": "http" } });
    expect(http.headers.get("strict-transport-security")).toBeNull();
  });
});

describe("caching of API answers", () => {
  it("a cart (one caller's data) and an error are never stored by a browser or proxy", async () => {
    const cart = await ctx.app.request("/api/cart", { headers: { "cart-session-id": crypto.randomUUID() } });
    expect(cart.status).toBe(200);
    expect(cart.headers.get("cache-control")).toBe("no-store");
    const refused = await ctx.app.request("/api/cart", { headers: { "cart-session-id": "not-a-uuid" } });
    expect(refused.status).toBe(400);
    expect(refused.headers.get("cache-control")).toBe("no-store");
  });

  it("an endpoint that sets its own policy keeps it: the support QR code is cached for a day", async () => {
    const qr = await ctx.app.request("/api/support/qr.svg");
    expect(qr.status).toBe(200);
    expect(qr.headers.get("cache-control")).toMatch(/^public, max-age=\d+/);
  });
});
