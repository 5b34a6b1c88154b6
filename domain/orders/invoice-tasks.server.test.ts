import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { INVOICE_CANCEL_TASK, INVOICE_ISSUE_TASK } from "#domain/orders/invoice-tasks.server.ts";
import { buildOrder, moveOrderAsAdmin } from "#test/builders.ts";
import { setUpTestDatabase, testConfig } from "#test/database.ts";

/*
 * Issue 30 item 3: orders never import invoices; a paid order queues the invoices' work by task
 * name in the move's transaction, only when the shop issues notes (INVOICE_PROVIDER=focusnfe).
 */
const t = setUpTestDatabase();
const withFocus = () => ({ ...t.services, config: testConfig({ DATABASE_URL: t.url, INVOICE_PROVIDER: "focusnfe" }) });

async function jobsFor(task: string, orderId: string): Promise<number> {
  const result = await t.db.execute<{ count: number }>(
    // The public jobs view has no payload: graphile-worker's own tables (as platform/jobs/queue.ts reads them).
    sql`select count(*)::int as count from graphile_worker._private_jobs as jobs
        join graphile_worker._private_tasks as tasks on tasks.id = jobs.task_id
        where tasks.identifier = ${task} and jobs.payload->>'orderId' = ${orderId}`,
  );
  return result.rows[0]!.count;
}

describe("the invoices' work queued by an order's moves", () => {
  it("with Focus NFe, paying queues the issue job once, and cancelling the paid order queues the cancel job", async () => {
    const services = withFocus();
    const { orderId } = await buildOrder(t.db);
    expect(await jobsFor(INVOICE_ISSUE_TASK, orderId)).toBe(0);
    await moveOrderAsAdmin(services, orderId, "paid");
    expect(await jobsFor(INVOICE_ISSUE_TASK, orderId)).toBe(1);
    await moveOrderAsAdmin(services, orderId, "cancelled");
    expect(await jobsFor(INVOICE_CANCEL_TASK, orderId)).toBe(1);
  });

  it("an unpaid order cancelled queues nothing (no note exists)", async () => {
    const { orderId } = await buildOrder(t.db);
    await moveOrderAsAdmin(withFocus(), orderId, "cancelled");
    expect(await jobsFor(INVOICE_CANCEL_TASK, orderId)).toBe(0);
  });

  it("without an invoice provider (the default), a paid order queues no invoice work", async () => {
    const { orderId } = await buildOrder(t.db);
    await moveOrderAsAdmin(t.services, orderId, "paid");
    expect(await jobsFor(INVOICE_ISSUE_TASK, orderId)).toBe(0);
  });
});
