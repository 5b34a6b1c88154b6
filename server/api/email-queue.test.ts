import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deleteAccount } from "#domain/account/account-data.server.ts";
import { forgetCheckoutAttempts } from "#domain/checkout/checkout-attempts.server.ts";
import type { EmailDetail, EmailSummary } from "#domain/email-queue/email-queue-schemas.ts";
import { emailLog } from "#platform/db/tables/email-queue.ts";
import { enqueueEmail, failedEmails } from "#platform/mail/email-queue.ts";
import { auditEntries } from "#test/audit.ts";
import { Browser, createAuthTestContext, uniqueEmail, type AuthTestContext } from "#test/auth-helpers.ts";
import { REFUSED_ANSWER } from "#test/mail-server.ts";

/*
 * Issue 18 item 3 on a real PostgreSQL and a real SMTP conversation: every e-mail is in the log
 * (queued, then sent; or failed with the SMTP server's answer), an admin opens one, resends a failed
 * one and sends a test to themself; only admins may; account deletion leaves nothing of the
 * customer in the log (decision 026).
 */

let ctx: AuthTestContext;
let admin: Browser;
let customer: Browser;
const ADMIN_EMAIL = uniqueEmail("admin-emails");

beforeAll(async () => {
  // One try: a refused message fails for good at once, without the queue's back-off.
  ctx = await createAuthTestContext({ MAIL_MAX_ATTEMPTS: "1" });
  await ctx.makeAdmin(ADMIN_EMAIL);
  admin = await ctx.customer(ADMIN_EMAIL, new Browser("203.0.113.240"));
  customer = await ctx.customer(uniqueEmail("cliente-emails"), new Browser("203.0.113.241"));
}, 60_000);
afterAll(async () => ctx?.close());

const message = (to: string, subject: string) => ({ to, subject, text: `Texto de ${subject}.`, html: `<p>Texto de ${subject}.</p>` });

async function emailOf(id: string): Promise<EmailDetail> {
  const response = await ctx.request(`/api/admin/emails/${id}`, { browser: admin });
  expect(response.status).toBe(200);
  return (await response.json()) as EmailDetail;
}

async function listed(query = ""): Promise<EmailSummary[]> {
  const response = await ctx.request(`/api/admin/emails${query}`, { browser: admin });
  expect(response.status).toBe(200);
  return ((await response.json()) as { emails: EmailSummary[] }).emails;
}

describe("who may read and act on the e-mail queue", () => {
  it("answers 401 to a visitor and 403 to a customer, on every operation", async () => {
    const [any] = await ctx.t.db.select({ id: emailLog.id }).from(emailLog).limit(1);
    const calls = [
      { path: "/api/admin/emails" },
      { path: `/api/admin/emails/${any!.id}` },
      { path: `/api/admin/emails/${any!.id}/resend`, method: "POST" },
      { path: "/api/admin/emails/test", method: "POST" },
    ];
    for (const call of calls) {
      expect((await ctx.request(call.path, { method: call.method })).status, call.path).toBe(401);
      expect((await ctx.request(call.path, { method: call.method, browser: customer })).status, call.path).toBe(403);
    }
  });

  it("refuses bad input with a Portuguese 4xx", async () => {
    const badStatus = await ctx.request("/api/admin/emails?status=perdido", { browser: admin });
    expect(badStatus.status).toBe(400);
    expect(((await badStatus.json()) as { error: { message: string } }).error.message).toContain("Situação inválida");
    expect((await ctx.request("/api/admin/emails?page=0", { browser: admin })).status).toBe(400);
    const unknown = await ctx.request("/api/admin/emails/nao-e-um-id", { browser: admin });
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { error: { message: string } }).error.message).toBe("E-mail não encontrado.");
    expect((await ctx.request(`/api/admin/emails/${crypto.randomUUID()}/resend`, { method: "POST", browser: admin })).status).toBe(404);
  });
});

describe("the e-mail log", () => {
  it("holds a message as queued until the worker hands it to SMTP, then as sent", async () => {
    const to = uniqueEmail("destino");
    // Inside the transaction that queues it, the message is in the log and not sent yet.
    const id = await ctx.t.db.transaction(async (tx) => {
      const logId = await enqueueEmail(tx, ctx.t.services.config, message(to, "Pedido #501 recebido"));
      const [row] = await tx.select().from(emailLog).where(eq(emailLog.id, logId));
      expect(row).toMatchObject({ recipient: to, status: "queued", attempts: 0, sentAt: null });
      return logId;
    });

    await ctx.mail.waitFor(to, (m) => m.subject === "Pedido #501 recebido");
    await expect.poll(async () => (await emailOf(id)).status, { timeout: 10_000 }).toBe("sent");
    const sent = await emailOf(id);
    expect(sent).toMatchObject({
      to,
      subject: "Pedido #501 recebido",
      attempts: 1,
      lastError: null,
      text: "Texto de Pedido #501 recebido.",
    });
    expect(sent.sentAt).not.toBeNull();
    expect((await listed("?status=sent")).map((email) => email.id)).toContain(id);
  });

  it("a message the SMTP server refuses is failed with the server's answer; resent, it goes out", async () => {
    const to = uniqueEmail("recusado");
    ctx.mail.refuse((address) => address === to);
    const id = await enqueueEmail(ctx.t.db, ctx.t.services.config, message(to, "Pedido #502 enviado"));

    await expect.poll(async () => (await emailOf(id)).status, { timeout: 10_000 }).toBe("failed");
    const failed = await emailOf(id);
    expect(failed.attempts).toBe(1);
    expect(failed.lastError).toMatch(/^550\b/);
    expect(failed.lastError).toContain(REFUSED_ANSWER);
    expect((await listed("?status=failed")).map((email) => email.id)).toContain(id);
    // Still a failed job of the queue, as decision 014 keeps it, until it is resent.
    expect((await failedEmails(ctx.t.db)).map((email) => email.to)).toContain(to);

    ctx.mail.refuse(null);
    const resent = await ctx.request(`/api/admin/emails/${id}/resend`, { method: "POST", browser: admin });
    expect(resent.status, await resent.clone().text()).toBe(200);
    expect(["queued", "sent"]).toContain(((await resent.json()) as EmailDetail).status);

    const received = await ctx.mail.waitFor(to, (m) => m.subject === "Pedido #502 enviado");
    expect(received.text).toContain("Texto de Pedido #502 enviado.");
    await expect.poll(async () => (await emailOf(id)).status, { timeout: 10_000 }).toBe("sent");
    expect(await emailOf(id)).toMatchObject({ attempts: 1, lastError: null });
    expect((await failedEmails(ctx.t.db)).map((email) => email.to)).not.toContain(to);

    // Once sent it cannot be resent.
    const again = await ctx.request(`/api/admin/emails/${id}/resend`, { method: "POST", browser: admin });
    expect(again.status).toBe(409);
    expect(((await again.json()) as { error: { message: string } }).error.message).toBe("Este e-mail já foi enviado.");

    const [entry] = await auditEntries(ctx, admin, "email", id);
    expect(entry).toMatchObject({ actorEmail: ADMIN_EMAIL, action: "email.resend", before: { status: "failed" } });
    expect(JSON.stringify(entry)).not.toContain(to);
  }, 30_000);

  it("sends a test message to the admin's own address, audited", async () => {
    const response = await ctx.request("/api/admin/emails/test", { method: "POST", browser: admin });
    expect(response.status).toBe(201);
    const test = (await response.json()) as EmailDetail;
    expect(test).toMatchObject({ to: ADMIN_EMAIL, subject: "Teste de e-mail da loja" });

    const received = await ctx.mail.waitFor(ADMIN_EMAIL, (m) => m.subject === "Teste de e-mail da loja");
    expect(received.text).toContain("painel de manutenção");
    await expect.poll(async () => (await emailOf(test.id)).status, { timeout: 10_000 }).toBe("sent");
    expect((await auditEntries(ctx, admin, "email", test.id))[0]).toMatchObject({ action: "email.test", actorEmail: ADMIN_EMAIL });
  });

  it("lists the newest first, a page at a time", async () => {
    const emails = await listed();
    const times = emails.map((email) => email.createdAt);
    expect(times).toEqual([...times].sort().reverse());
    const page = await ctx.request("/api/admin/emails?page=2", { browser: admin });
    expect(((await page.json()) as { page: number }).page).toBe(2);
  });
});

describe("account deletion and the e-mail log (LGPD)", () => {
  it("deletes the messages to the customer and scrubs them out of the others", async () => {
    const email = uniqueEmail("apagada");
    await ctx.customer(email, new Browser("203.0.113.242"));
    const userId = await ctx.userId(email);
    await enqueueEmail(ctx.t.db, ctx.t.services.config, message(email, "Pedido #503 recebido"));
    await enqueueEmail(ctx.t.db, ctx.t.services.config, {
      to: ADMIN_EMAIL,
      subject: "Novo pedido #503",
      text: `Maria Teste (${email}) fez um pedido.`,
      html: `<p>Maria Teste (${email}) fez um pedido.</p>`,
    });
    await ctx.mail.waitFor(email, (m) => m.subject === "Pedido #503 recebido");
    const mentions = sql`${emailLog.recipient} = ${email} or ${emailLog.text} like ${`%${email}%`} or ${emailLog.html} like ${`%${email}%`}`;
    expect((await ctx.t.db.select().from(emailLog).where(mentions)).length).toBeGreaterThanOrEqual(3); // confirmation, order, admin's notice

    await deleteAccount(ctx.t.services, userId, { forgetCheckoutAttempts });

    expect(await ctx.t.db.select().from(emailLog).where(mentions)).toEqual([]);
    const [notice] = await ctx.t.db.select().from(emailLog).where(eq(emailLog.subject, "Novo pedido #503"));
    expect(notice!.text).toContain("[dado removido]");
  }, 30_000);
});
