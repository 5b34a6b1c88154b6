import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { productUuid } from "#domain/catalog/product-slugs.ts";
import { createDatabase } from "#platform/db/client.ts";
import { orders, orderStatusHistory } from "#platform/db/tables/orders.ts";
import type { JobWorker } from "#platform/jobs/worker.ts";
import { PIX_EXPIRY_TASK, startJobs } from "#server/jobs/jobs.ts";
import { Browser, createAuthTestContext, uniqueEmail, type AuthTestContext } from "#test/auth-helpers.ts";
import { loggerToLines } from "#test/log-lines.ts";

/*
 * Issue 16, item 2: the Pix expiry is a schedule of the job queue, and with two instances of the
 * shop on one database each of its occurrences runs once (decision 014).
 */

const COURSE = productUuid(201); // educational: no shipping, no stock

let ctx: AuthTestContext;
const instances: Array<{ worker: JobWorker; lines: Array<Record<string, unknown>>; close(): Promise<void> }> = [];
beforeAll(async () => {
  ctx = await createAuthTestContext();
}, 60_000);
afterAll(async () => {
  for (const instance of instances) await instance.close();
  await ctx?.close();
});

/** One instance of the shop's services on the test database: its own pool, its own log. */
async function startInstance() {
  const { logger, lines } = loggerToLines("debug");
  const db = createDatabase(ctx.t.url, 2);
  const worker = await startJobs({ config: ctx.t.services.config, db, logger }, ctx.t.url, { pollIntervalMs: 200 });
  const instance = {
    worker,
    lines,
    async close() {
      await worker.stop();
      await db.$client.end();
    },
  };
  instances.push(instance);
  return instance;
}

it("an overdue Pix is cancelled by one of two instances, once per occurrence of the schedule", async () => {
  const email = uniqueEmail("agenda");
  const browser = await ctx.customer(email, new Browser("198.51.100.71"));
  const added = await ctx.request("/api/cart/items", { browser, json: { productId: COURSE, quantity: 1, packaging: { enabled: false } } });
  expect(added.status).toBe(201);
  const placed = await ctx.request("/api/checkout/orders", {
    browser,
    json: { idempotencyKey: crypto.randomUUID(), confirmAdult: true, acceptTerms: true },
  });
  expect(placed.status).toBe(201);
  const { orderId } = (await placed.json()) as { orderId: string };
  await ctx.mail.waitFor(email, (m) => m.subject.includes("recebido"));
  // Only the two instances below run jobs from here on.
  await ctx.worker.stop();

  await ctx.t.db
    .update(orders)
    .set({ pixExpiresAt: new Date(Date.now() - 1000) })
    .where(eq(orders.id, orderId));
  // The schedule's last run was two minutes ago: every instance stopped since, so the one that
  // claims the missed minute runs it at start instead of waiting for the next minute.
  await ctx.t.db.execute(sql`
    insert into graphile_worker._private_known_crontabs (identifier, known_since, last_execution)
    values (${PIX_EXPIRY_TASK}, now() - interval '1 hour', date_trunc('minute', now()) - interval '2 minutes')`);

  const [a, b] = await Promise.all([startInstance(), startInstance()]);
  await Promise.all([a.worker.scheduled, b.worker.scheduled]);

  const cancelled = await ctx.mail.waitFor(email, (m) => m.subject.includes("Pix expirado"), 20_000);
  expect(cancelled.text).toContain("foi cancelado");
  // Nothing of the schedule is left to run.
  await expect
    .poll(
      async () => (await ctx.t.db.execute(sql`select 1 from graphile_worker.jobs where task_identifier = ${PIX_EXPIRY_TASK}`)).rows.length,
    )
    .toBe(0);

  const runs = [...a.lines, ...b.lines].filter((line) => line.job === PIX_EXPIRY_TASK && line.msg === "scheduled job done");
  expect(runs.length).toBeGreaterThanOrEqual(1);
  const perOccurrence = Map.groupBy(runs, (line) => String(line.occurrence));
  for (const [occurrence, ofOccurrence] of perOccurrence) expect(ofOccurrence, `runs of ${occurrence}`).toHaveLength(1);
  expect(runs.filter((line) => line.count === 1)).toHaveLength(1);

  const history = await ctx.t.db
    .select()
    .from(orderStatusHistory)
    .where(and(eq(orderStatusHistory.orderId, orderId), eq(orderStatusHistory.toStatus, "cancelled")));
  expect(history).toHaveLength(1);
  expect(ctx.mail.messages.filter((m) => m.to.includes(email) && m.subject.includes("Pix expirado"))).toHaveLength(1);
}, 60_000);
