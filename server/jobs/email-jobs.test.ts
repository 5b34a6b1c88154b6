import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { productUuid } from "#domain/catalog/product-slugs.ts";
import { accountContacts } from "#domain/auth/account-names.server.ts";
import { createNotifications, enqueueNotificationEmails } from "#domain/notifications/notifications.server.ts";
import { emailLog } from "#platform/db/tables/email-queue.ts";
import { enqueueEmail, failedEmails, SEND_EMAIL_TASK } from "#platform/mail/email-queue.ts";
import type { AppServices } from "#platform/services.ts";
import { startJobs } from "#server/jobs/jobs.ts";
import { Browser, createAuthTestContext, uniqueEmail, type AuthTestContext } from "#test/auth-helpers.ts";
import { createTestDatabase } from "#test/database.ts";
import { loggerToLines } from "#test/log-lines.ts";
import { REFUSED_ANSWER, startMailServer, type MailServer } from "#test/mail-server.ts";

/*
 * Issue 16, item 2: every e-mail is a job queued in the transaction of the change that causes it,
 * tried again while SMTP is away, and kept as failed, with an error line in the log, once its tries
 * run out (decision 014).
 */

const COURSE = productUuid(201); // educational: no shipping, no stock

/** The send-email jobs of this database waiting or failed (a sent one is deleted), with their subject. */
async function emailJobs(db: AuthTestContext["t"]["db"]): Promise<Array<{ subject: string; last_error: string | null }>> {
  const result = await db.execute<{ subject: string; last_error: string | null }>(sql`
    select jobs.payload->>'subject' as subject, jobs.last_error
    from graphile_worker._private_jobs as jobs
    join graphile_worker._private_tasks as tasks on tasks.id = jobs.task_id
    where tasks.identifier = ${SEND_EMAIL_TASK}`);
  return result.rows;
}

/** A port where nothing listens: an SMTP server that is down. */
async function closedPort(): Promise<number> {
  const server = await startMailServer();
  await server.close();
  return server.port;
}

describe("e-mails of the shop's changes", () => {
  let ctx: AuthTestContext;
  let restarted: MailServer | undefined;
  beforeAll(async () => {
    ctx = await createAuthTestContext();
  }, 60_000);
  afterAll(async () => {
    await restarted?.close();
    await ctx?.close();
  });
  /** The SMTP server receiving now: the first test stops the context's and starts another. */
  const smtp = () => restarted ?? ctx.mail;

  it("an order placed while the SMTP server is down gets its e-mail once the server is back", async () => {
    const email = uniqueEmail("fila");
    const browser = await ctx.customer(email, new Browser("198.51.100.61"));
    const added = await ctx.request("/api/cart/items", {
      browser,
      json: { productId: COURSE, quantity: 1, packaging: { enabled: false } },
    });
    expect(added.status).toBe(201);

    await ctx.mail.close();
    const placed = await ctx.request("/api/checkout/orders", {
      browser,
      json: { idempotencyKey: crypto.randomUUID(), confirmAdult: true, acceptTerms: true },
    });
    // SMTP being away holds nothing back: the order is placed.
    expect(placed.status, await placed.clone().text()).toBe(201);
    const { number } = (await placed.json()) as { number: number };

    // The worker tried and failed; the e-mail waits in the queue with the reason.
    await expect
      .poll(async () => (await emailJobs(ctx.t.db)).find((job) => job.last_error !== null)?.last_error ?? null, { timeout: 10_000 })
      .toMatch(/ECONNREFUSED/);

    restarted = await startMailServer({ port: ctx.mail.port });
    const mail = await restarted.waitFor(email, (m) => m.subject.includes(`#${number}`), 20_000);
    expect(mail.subject).toContain("recebido");
    expect(mail.text).toContain(`#${number}`);
  }, 40_000);

  it("a change that rolls back queues no e-mail; the same change committed does", async () => {
    const email = uniqueEmail("desfeito");
    const browser = new Browser("198.51.100.62");
    expect((await ctx.signUp(email, { browser })).status).toBe(200);
    const userId = await ctx.userId(email);
    const notify = async (tx: Parameters<Parameters<AuthTestContext["t"]["db"]["transaction"]>[0]>[0], title: string) => {
      const created = await createNotifications(tx, [{ userId, type: "order_created", title, content: "Teste da fila.", orderId: null }]);
      await enqueueNotificationEmails(tx, ctx.t.services, created, await accountContacts(tx, [userId]));
    };

    await expect(
      ctx.t.db.transaction(async (tx) => {
        await notify(tx, "Aviso desfeito");
        throw new Error("a later step of the change failed");
      }),
    ).rejects.toThrow("a later step");
    expect((await emailJobs(ctx.t.db)).filter((job) => job.subject.includes("Aviso"))).toEqual([]);

    await ctx.t.db.transaction((tx) => notify(tx, "Aviso confirmado"));
    const mail = await smtp().waitFor(email, (m) => m.subject.startsWith("Aviso"), 10_000);
    expect(mail.subject).toContain("Aviso confirmado");
    expect(smtp().messages.filter((m) => m.to.includes(email) && m.subject.includes("Aviso desfeito"))).toHaveLength(0);
  }, 30_000);
});

describe("an e-mail whose tries run out", () => {
  let lines: Array<Record<string, unknown>> = [];
  let services: AppServices;
  let close: () => Promise<void>;
  beforeAll(async () => {
    const t = await createTestDatabase({ env: { SMTP_URL: `smtp://127.0.0.1:${await closedPort()}`, MAIL_MAX_ATTEMPTS: "2" } });
    const logged = loggerToLines();
    lines = logged.lines;
    services = { ...t.services, logger: logged.logger };
    const worker = await startJobs(services, t.url, { schedules: false, pollIntervalMs: 200 });
    close = async () => {
      await worker.stop();
      await t.close();
    };
  }, 60_000);
  afterAll(async () => close?.());

  it("stays in the queue as failed, with its last error, and is logged at error level", async () => {
    const to = "cliente-falha@example.com";
    await enqueueEmail(services.db, services.config, { to, subject: "Pedido #77 recebido", text: "Olá!", html: "<p>Olá!</p>" });

    await expect.poll(() => failedEmails(services.db), { timeout: 20_000 }).toHaveLength(1);
    const [failed] = await failedEmails(services.db);
    expect(failed).toMatchObject({ to, subject: "Pedido #77 recebido", attempts: 2 });
    expect(failed!.error).toMatch(/ECONNREFUSED/);

    // One warning for the try that will be repeated, one error when it fails for good.
    const ofJob = lines.filter((line) => line.task === SEND_EMAIL_TASK && line.jobId === failed!.id);
    expect(ofJob.map((line) => [line.level, line.msg])).toEqual([
      [40, "job failed; it will be tried again"],
      [50, "job failed for good"],
    ]);
    // The log names the job, never the customer's address or the message.
    expect(JSON.stringify(lines)).not.toContain(to);
  }, 30_000);
});

describe("an e-mail the SMTP server refuses", () => {
  let lines: Array<Record<string, unknown>> = [];
  let services: AppServices;
  let mail: MailServer;
  let close: () => Promise<void>;
  beforeAll(async () => {
    mail = await startMailServer();
    const t = await createTestDatabase({ env: { SMTP_URL: mail.url, MAIL_MAX_ATTEMPTS: "1" } });
    const logged = loggerToLines();
    lines = logged.lines;
    services = { ...t.services, logger: logged.logger };
    const worker = await startJobs(services, t.url, { schedules: false, pollIntervalMs: 200 });
    close = async () => {
      await worker.stop();
      await t.close();
      await mail.close();
    };
  }, 60_000);
  afterAll(async () => close?.());

  it("keeps the server's answer for the panel, while the log and the queue never quote the address", async () => {
    const to = "caixa-inexistente@example.com";
    mail.refuse((address) => address === to);
    await enqueueEmail(services.db, services.config, { to, subject: "Pedido #78 recebido", text: "Olá!", html: "<p>Olá!</p>" });

    await expect.poll(() => failedEmails(services.db), { timeout: 20_000 }).toHaveLength(1);
    const [failed] = await failedEmails(services.db);
    expect(failed!.error).toContain("550 5.1.1 <[destinatário]>");
    const [logged] = await services.db.select().from(emailLog);
    expect(logged).toMatchObject({ status: "failed", attempts: 1 });
    expect(logged!.lastError).toBe(`550 5.1.1 <${to}>: ${REFUSED_ANSWER}`);
    expect(lines.some((line) => line.msg === "job failed for good")).toBe(true);
    expect(JSON.stringify(lines)).not.toContain(to);
  }, 30_000);
});
