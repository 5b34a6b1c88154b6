import { mkdirSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Browser, createAuthTestContext, PASSWORD, uniqueEmail, type AuthTestContext } from "#test/auth-helpers.ts";
import { CHECKOUT_ADDRESS, checkOut, giveCart } from "#test/builders.ts";
import { createTestDatabase } from "#test/database.ts";
import { users } from "#platform/db/tables/auth.ts";
import { notifications } from "#platform/db/tables/notifications.ts";
import { orders } from "#platform/db/tables/orders.ts";
import { outboxDir } from "#platform/mail/mailer.ts";
import { deleteAccount } from "#domain/account/account-data.server.ts";
import { scrubFinishedOrdersOfDeletedAccounts } from "#domain/orders/order-privacy.server.ts";

/*
 * Issue 16 item 10: deleting an account leaves the customer's name, e-mail, phone and CPF nowhere
 * in the database, not even in what others keep about the orders it still has (the admins'
 * notifications, the history notes, the cancel reason). Proved by reading every text-like column of
 * every table, whatever tables exist when the test runs.
 */

/** The liquid-culture kit (catalogue id 4): physical, shipped by PAC. */
const KIT_NUMERIC_ID = 4;
const ADMIN_EMAIL = uniqueEmail("admin-exclusao");

let ctx: AuthTestContext;
let admin: Browser;
beforeAll(async () => {
  ctx = await createAuthTestContext();
  await ctx.makeAdmin(ADMIN_EMAIL);
  admin = await ctx.customer(ADMIN_EMAIL, new Browser("203.0.113.200"));
}, 60_000);
afterAll(async () => ctx?.close());

/** Letters only, so a name passes the address form and cannot match anything by chance. */
const randomLetters = (length: number) =>
  Array.from(crypto.getRandomValues(new Uint8Array(length)), (byte) => String.fromCharCode(97 + (byte % 26))).join("");
const randomDigits = (length: number) => Array.from(crypto.getRandomValues(new Uint8Array(length)), (byte) => byte % 10).join("");

/** A CPF with valid check digits (Receita Federal's mod-11 rule), random otherwise. */
function randomCpf(): string {
  const base = [...randomDigits(9)].map(Number);
  const check = (digits: number[]) => {
    const sum = digits.reduce((total, digit, i) => total + digit * (digits.length + 1 - i), 0);
    const rest = (sum * 10) % 11;
    return rest === 10 ? 0 : rest;
  };
  const first = check(base);
  const second = check([...base, first]);
  return [...base, first, second].join("");
}

type Hit = { column: string; needle: string };

/**
 * Every row of every table (any schema but PostgreSQL's own) whose text, varchar, json, jsonb,
 * enum or array column holds one of the needles. Texts match in any case; numbers match whatever
 * punctuation sits between their digits.
 */
async function findAnywhere(texts: string[], numbers: string[]): Promise<Hit[]> {
  const { rows: columns } = await ctx.t.db.execute<{ table_schema: string; table_name: string; column_name: string }>(sql`
    select c.table_schema, c.table_name, c.column_name
    from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE'
    where c.table_schema not in ('pg_catalog', 'information_schema')
      and c.data_type in ('text', 'character varying', 'character', 'json', 'jsonb', 'USER-DEFINED', 'ARRAY')`);
  expect(columns.length).toBeGreaterThan(50);
  const escape = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const needles = [
    ...texts.map((text) => ({ needle: text, pattern: escape(text) })),
    ...numbers.map((digits) => ({ needle: digits, pattern: [...digits].join("[^0-9]{0,3}") })),
  ];
  const hits: Hit[] = [];
  for (const { table_schema, table_name, column_name } of columns) {
    for (const { needle, pattern } of needles) {
      const { rows } = await ctx.t.db.execute<{ found: boolean }>(
        sql`select exists (select 1 from ${sql.identifier(table_schema)}.${sql.identifier(table_name)} where ${sql.identifier(column_name)}::text ~* ${pattern}) as found`,
      );
      if (rows[0]!.found) hits.push({ column: `${table_schema}.${table_name}.${column_name}`, needle });
    }
  }
  return hits;
}

describe("LGPD: a deleted account leaves no name, e-mail, phone or CPF anywhere", () => {
  it("after orders, notes, notifications and consent, the database holds none of them, while the orders stay", async () => {
    const name = `Fulana ${randomLetters(10)}`;
    const recipient = `Beltrana ${randomLetters(10)}`;
    const email = uniqueEmail(`apagar-${randomLetters(6)}`);
    const phone = `119${randomDigits(8)}`;
    const cpf = randomCpf();
    const formattedPhone = `(${phone.slice(0, 2)}) ${phone.slice(2, 7)}-${phone.slice(7)}`;

    const browser = new Browser("203.0.113.150");
    expect((await ctx.signUp(email, { name, browser })).status).toBe(200);
    expect((await ctx.verify(email, browser)).status).toBe(302);
    const userId = await ctx.userId(email);
    const address = { ...CHECKOUT_ADDRESS, recipientName: recipient, phone: formattedPhone, cpf };
    expect((await ctx.request("/api/account/addresses", { browser, json: { ...address, recipientName: name } })).status).toBe(201);
    const consent = { browserId: crypto.randomUUID(), version: "2026-11-25", choices: [{ purpose: "age", granted: true }] };
    expect((await ctx.request("/api/consent", { browser, json: consent })).status).toBe(201);

    // Order 1: paid, then withdrawn with a reason that names the customer and gives the phone.
    const order = async () => {
      await giveCart(ctx.t.db, userId, KIT_NUMERIC_ID);
      return checkOut(ctx, browser, address);
    };
    const withdrawn = await order();
    expect((await ctx.request(`/api/admin/orders/${withdrawn}/confirm-payment`, { browser: admin, method: "POST" })).status).toBe(200);
    const reason = `Sou ${name.toUpperCase()}, ligue no ${formattedPhone} ou escreva para ${email}`;
    expect((await ctx.request(`/api/orders/${withdrawn}/withdrawal`, { browser, json: { reason } })).status).toBe(201);
    // Order 2: cancelled by the admin with a note holding the recipient and the CPF.
    const cancelled = await order();
    const note = `${recipient} ligou (${phone.slice(0, 2)} ${phone.slice(2)}) pedindo o cancelamento; CPF ${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`;
    expect((await ctx.request(`/api/admin/orders/${cancelled}/cancel`, { browser: admin, json: { reason: note } })).status).toBe(200);

    // Control: before the deletion the scan finds every one of them, in the places the issue names.
    const before = await findAnywhere([name, recipient, email], [phone, cpf]);
    const placesBefore = new Set(before.map((hit) => hit.column));
    for (const place of [
      "public.notifications.content",
      "public.order_status_history.note",
      "public.orders.cancel_reason",
      "public.orders.customer_email",
      "public.users.name",
    ]) {
      expect(placesBefore).toContain(place);
    }
    expect(new Set(before.map((hit) => hit.needle))).toEqual(new Set([name, recipient, email, phone, cpf]));

    const deleted = await ctx.request("/api/account", { browser, method: "DELETE", json: { password: PASSWORD, confirmation: "EXCLUIR" } });
    expect(deleted.status).toBe(204);

    expect(await findAnywhere([name, recipient, email], [phone, cpf])).toEqual([]);

    // The orders stay for the books, their notes readable, the admins' notices anonymous.
    const kept = await ctx.t.db.select().from(orders).where(eq(orders.id, withdrawn));
    expect(kept).toEqual([expect.objectContaining({ userId: null, customerName: "Conta excluída", status: "cancelled" })]);
    const adminOrder = (await (await ctx.request(`/api/admin/orders/${withdrawn}`, { browser: admin })).json()) as {
      history: { note: string | null }[];
    };
    expect(
      adminOrder.history.map((entry) => entry.note),
      JSON.stringify(adminOrder.history),
    ).toContain(
      "Desistência da compra pelo cliente, antes do envio. Motivo: Sou [dado removido], ligue no [dado removido] ou escreva para [dado removido]",
    );
    const adminId = await ctx.userId(ADMIN_EMAIL);
    const notices = await ctx.t.db.select().from(notifications).where(eq(notifications.userId, adminId));
    expect(notices.filter((notice) => notice.type === "admin_new_order").map((notice) => notice.content)).toEqual([
      expect.stringMatching(/^Um cliente fez um pedido de R\$/),
      expect.stringMatching(/^Um cliente fez um pedido de R\$/),
    ]);
    expect(await ctx.t.db.select().from(users).where(eq(users.id, userId))).toEqual([]);
  });
});

describe("LGPD art. 16: an order in progress keeps what delivering it needs (issue 28 item 11)", () => {
  it("keeps the paid order's name, address, phone and CPF after the deletion; the job scrubs them once it is cancelled", async () => {
    const name = `Ciclana ${randomLetters(10)}`;
    const email = uniqueEmail(`em-andamento-${randomLetters(6)}`);
    const phone = `119${randomDigits(8)}`;
    const cpf = randomCpf();
    const formattedPhone = `(${phone.slice(0, 2)}) ${phone.slice(2, 7)}-${phone.slice(7)}`;
    const browser = new Browser("203.0.113.151");
    expect((await ctx.signUp(email, { name, browser })).status).toBe(200);
    expect((await ctx.verify(email, browser)).status).toBe(302);
    const userId = await ctx.userId(email);
    await giveCart(ctx.t.db, userId, KIT_NUMERIC_ID);
    const orderId = await checkOut(ctx, browser, { ...CHECKOUT_ADDRESS, recipientName: name, phone: formattedPhone, cpf });
    expect((await ctx.request(`/api/admin/orders/${orderId}/confirm-payment`, { browser: admin, method: "POST" })).status).toBe(200);

    const deleted = await ctx.request("/api/account", { browser, method: "DELETE", json: { password: PASSWORD, confirmation: "EXCLUIR" } });
    expect(deleted.status).toBe(204);
    expect(await ctx.t.db.select().from(users).where(eq(users.id, userId))).toEqual([]);

    // The owner can still ship and call: the order keeps the person until it is done.
    const [kept] = await ctx.t.db.select().from(orders).where(eq(orders.id, orderId));
    expect(kept).toMatchObject({ userId: null, customerName: name, customerEmail: email, status: "paid", scrubWhenDone: true });
    expect(kept!.shippingAddress).toMatchObject({ recipientName: name, cpf });
    expect(kept!.shippingAddress!.phone.replace(/\D/g, "")).toBe(phone);
    // Still in progress: the job leaves it alone.
    expect(await scrubFinishedOrdersOfDeletedAccounts(ctx.t.db)).toBe(0);
    expect((await findAnywhere([name, email], [phone, cpf])).length).toBeGreaterThan(0);

    const cancel = await ctx.request(`/api/admin/orders/${orderId}/cancel`, { browser: admin, json: { reason: "Sem estoque" } });
    expect(cancel.status, await cancel.clone().text()).toBe(200);
    expect(await scrubFinishedOrdersOfDeletedAccounts(ctx.t.db)).toBeGreaterThanOrEqual(1);
    expect(await findAnywhere([name, email], [phone, cpf])).toEqual([]);
    const [scrubbed] = await ctx.t.db.select().from(orders).where(eq(orders.id, orderId));
    expect(scrubbed).toMatchObject({ customerName: "Conta excluída", customerEmail: "", shippingAddress: null, scrubWhenDone: false });
  }, 60_000); // sign-up, checkout, payment, deletion and cancellation over HTTP: 15 s was too tight on a busy machine
});

describe("LGPD: the offline outbox forgets the deleted customer", () => {
  it("removes the .eml files addressed to the account and keeps everyone else's", async () => {
    // Without SMTP_URL, e-mails are files in DATA_DIR/outbox (decision 003).
    const t = await createTestDatabase({
      env: { SMTP_URL: "", DATA_DIR: path.join(ctx.t.services.config.dataDir, `outbox-${randomLetters(8)}`) },
    });
    try {
      const email = uniqueEmail("caixa");
      const [user] = await t.db.insert(users).values({ id: crypto.randomUUID(), name: "Cliente da Caixa", email }).returning();
      const dir = outboxDir(t.services.config);
      mkdirSync(dir, { recursive: true });
      const message = (to: string) => `From: loja@example.com\nTo: ${to}\nSubject: Pedido\n\nOlá\n`;
      writeFileSync(path.join(dir, "1-mine.eml"), message(email.toUpperCase()));
      writeFileSync(path.join(dir, "2-folded.eml"), `From: loja@example.com\nTo:\n "Cliente" <${email}>\nSubject: x\n\nOi\n`);
      writeFileSync(path.join(dir, "3-other.eml"), message(`outra-${email}`));
      // This account never checked out; the server passes checkout's forgetCheckoutAttempts (server/api/account.ts).
      await deleteAccount(t.services, user!.id, { forgetCheckoutAttempts: async () => {} });
      expect(readdirSync(dir).sort()).toEqual(["3-other.eml"]);
    } finally {
      await t.close();
    }
  });
});
