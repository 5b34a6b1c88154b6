import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lookupCep } from "#domain/shipping/cep-lookup.server.ts";
import { Browser, createAuthTestContext, uniqueEmail, type AuthTestContext } from "#test/auth-helpers.ts";
import { readEventStream } from "#test/event-stream.ts";
import { checkOut, giveCart } from "#test/builders.ts";

/*
 * Issue 29 item 4 (decision 052): GET /metrics is Prometheus text with every family an operator
 * alerts on, answers only this machine or the METRICS_TOKEN, and no label carries a value of a
 * path, an e-mail or an id.
 */

const TOKEN = "token-das-metricas-0123456789";
let ctx: AuthTestContext;
let admin: Browser;
let customer: Browser;
let customerEmail: string;
const local = () => new Browser("127.0.0.1");

beforeAll(async () => {
  ctx = await createAuthTestContext({ METRICS_TOKEN: TOKEN });
  const adminEmail = uniqueEmail("admin-metricas");
  await ctx.makeAdmin(adminEmail);
  admin = await ctx.customer(adminEmail, new Browser("203.0.113.240"));
  customerEmail = uniqueEmail("cliente-metricas");
  customer = await ctx.customer(customerEmail, new Browser("203.0.113.241"));
}, 60_000);
afterAll(async () => ctx?.close());

async function scrape(): Promise<string> {
  const response = await ctx.request("/metrics", { browser: local() });
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toContain("text/plain");
  return response.text();
}

/** The value of one sample line, e.g. `shop_sse_connections` or `shop_orders_total{event="paid"}`. */
function sample(text: string, series: string): number {
  const line = text.split("\n").find((candidate) => candidate.startsWith(`${series} `));
  const family = series.replace(/\{.*$/, "");
  const related = text.split("\n").filter((candidate) => candidate.startsWith(family.replace(/_count$/, "")));
  if (!line) throw new Error(`no ${series} in:\n${related.join("\n")}`);
  return Number(line.slice(series.length + 1));
}

describe("GET /metrics", () => {
  it("answers only this machine or the token's bearer", async () => {
    expect((await ctx.request("/metrics", { browser: new Browser("203.0.113.242") })).status).toBe(401);
    const wrong = await ctx.request("/metrics", {
      browser: new Browser("203.0.113.242"),
      headers: { authorization: "Bearer outro-token-qualquer" },
    });
    expect(wrong.status).toBe(401);
    expect(((await wrong.json()) as { error: { message: string } }).error.message).toContain("token das métricas");
    const bearer = await ctx.request("/metrics", { browser: new Browser("203.0.113.242"), headers: { authorization: `Bearer ${TOKEN}` } });
    expect(bearer.status).toBe(200);
    // A request a proxy on this machine forwarded is not this machine's own.
    expect((await ctx.request("/metrics", { browser: local(), headers: { "x-forwarded-for": "198.51.100.9" } })).status).toBe(401);
    expect((await ctx.request("/metrics", { browser: new Browser("::1") })).status).toBe(200);
  });

  it("has every family, counts what happened, and no label names a path value, an e-mail or an id", async () => {
    const customerId = await ctx.userId(customerEmail);
    await giveCart(ctx.t.db, customerId, 4);
    const placed = await checkOut(ctx, customer);
    expect((await ctx.request(`/api/admin/orders/${placed}/confirm-payment`, { browser: admin, json: {} })).status).toBe(200);
    await giveCart(ctx.t.db, customerId, 4);
    const cancelled = await checkOut(ctx, customer);
    expect(
      (await ctx.request(`/api/admin/orders/${cancelled}/cancel`, { browser: admin, json: { reason: "Pedido de teste" } })).status,
    ).toBe(200);
    expect((await ctx.request(`/api/orders/${placed}`, { browser: customer })).status).toBe(200);
    // A stranger's id, a made-up path and the retired CEP path: their values must not become labels.
    expect((await ctx.request(`/api/orders/${crypto.randomUUID()}`, { browser: customer })).status).toBe(404);
    expect((await ctx.request("/api/caminho-inventado/12345-678", { browser: customer })).status).toBe(404);
    expect((await ctx.request("/api/checkout/cep/01310930", { browser: customer })).status).toBe(410);
    // A CEP lookup that cannot reach its service still has its latency measured.
    await lookupCep("01310930", { baseUrl: "http://127.0.0.1:9", timeoutMs: 500 });

    const events = await ctx.request("/api/events", { browser: customer });
    const stream = readEventStream(events);
    await stream.until("event: ready");
    let text: string;
    try {
      text = await scrape();
      expect(sample(text, "shop_sse_connections")).toBe(1);
    } finally {
      await stream.close();
    }

    for (const family of [
      "shop_http_requests_total",
      "shop_http_request_duration_seconds",
      "shop_sse_connections",
      "shop_db_pool_connections",
      "shop_db_pool_wait_seconds",
      "shop_database_up",
      "shop_jobs",
      "shop_jobs_oldest_waiting_seconds",
      "shop_job_attempts_failed_total",
      "shop_emails_sent_total",
      "shop_emails_failed_total",
      "shop_orders_total",
      "shop_provider_request_duration_seconds",
      "process_cpu_seconds_total",
      "nodejs_eventloop_lag_seconds",
    ]) {
      expect(text, family).toMatch(new RegExp(`^# TYPE ${family} `, "m"));
    }
    expect(sample(text, "shop_database_up")).toBe(1);
    expect(sample(text, 'shop_orders_total{event="placed"}')).toBeGreaterThanOrEqual(2);
    expect(sample(text, 'shop_orders_total{event="paid"}')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'shop_orders_total{event="cancelled"}')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'shop_jobs{state="queued"}')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'shop_db_pool_connections{state="max"}')).toBeGreaterThan(0);
    expect(sample(text, "shop_emails_sent_total")).toBeGreaterThanOrEqual(2); // the sign-up confirmations
    expect(sample(text, 'shop_http_requests_total{method="GET",route="/api/orders/:id",status="200"}')).toBe(1);
    expect(sample(text, 'shop_http_requests_total{method="GET",route="/api/orders/:id",status="404"}')).toBe(1);
    expect(sample(text, 'shop_http_requests_total{method="POST",route="/api/checkout/orders",status="201"}')).toBe(2);
    expect(sample(text, 'shop_http_requests_total{method="GET",route="/api/checkout/cep/*",status="410"}')).toBe(1);
    expect(sample(text, 'shop_http_request_duration_seconds_count{method="POST",route="/api/admin/orders/:id/cancel",status="200"}')).toBe(
      1,
    );
    expect(sample(text, 'shop_provider_request_duration_seconds_count{provider="cep_lookup",outcome="unavailable"}')).toBe(1);

    const labelValues = [...text.matchAll(/(\w+)="([^"]*)"/g)].map(([, name, value]) => ({ name, value: value! }));
    expect(labelValues.length).toBeGreaterThan(50);
    for (const { name, value } of labelValues) {
      expect(value, `${name}="${value}"`).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/i); // an id
      expect(value, `${name}="${value}"`).not.toContain("@"); // an e-mail
      expect(value, `${name}="${value}"`).not.toMatch(/\d{5}-?\d{3}/); // a CEP or any long number from a path
      expect(value, `${name}="${value}"`).not.toContain("inventado");
    }
  });
});
