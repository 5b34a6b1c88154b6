import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { asc, eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { createDatabase } from "#platform/db/client.ts";
import { orderRefunds, orderReturns, orders, orderStatusHistory } from "#platform/db/schema.ts";
import { renderHistoryNote } from "#domain/orders/order-moves.ts";
import { migrationsFolder, runMigrations } from "#server/db/migrate.ts";
import { createEmptyDatabase, dropDatabase } from "#test/database.ts";

/*
 * Decisions 043 and 044: a shop upgraded from before reasons existed keeps every order's history,
 * now as typed reasons (what people typed kept apart, the text people read the same), and its
 * withdrawals and refunds become rows, a partial refund a partially refunded order.
 */

const LEGACY = `
insert into users (id, name, email, email_verified) values ('u1', 'Ana', 'ana@example.com', true);
insert into products (id, numeric_id, slug, category, sort_order, name, subtitle, description, route, unit_type, price_cents, needs_shipping)
  values ('00000000-0000-4000-8000-000000000001', 1, 'kit', 'culturas', 1, 'Kit', 'Kit', 'Kit', '/produto/kit', 'unit', 5000, true);
insert into orders (id, user_id, customer_email, customer_name, status, subtotal_cents, shipping_cents, total_cents, pix_txid, pix_code, pix_expires_at, paid_at, cancel_reason)
values
  ('00000000-0000-4000-8000-00000000000a', 'u1', 'ana@example.com', 'Ana', 'delivered', 10000, 2000, 12000, 'TXA', '0002', now(), now(), null),
  ('00000000-0000-4000-8000-00000000000b', 'u1', 'ana@example.com', 'Ana', 'cancelled', 10000, 2000, 12000, 'TXB', '0002', now(), now(), 'Desistência da compra pelo cliente, antes do envio'),
  ('00000000-0000-4000-8000-00000000000c', 'u1', 'ana@example.com', 'Ana', 'refunded', 10000, 2000, 12000, 'TXC', '0002', now(), now(), null),
  ('00000000-0000-4000-8000-00000000000d', 'u1', 'ana@example.com', 'Ana', 'cancelled', 10000, 2000, 12000, 'TXD', '0002', now(), null, 'Pix expirado');
insert into order_items (order_id, product_id, product_name, product_slug, unit_type, quantity, unit_price_cents, total_price_cents, final_total_cents, needs_shipping)
  select id, '00000000-0000-4000-8000-000000000001', 'Kit', 'kit', 'unit', 2, 5000, 10000, 10000, true from orders;
insert into order_status_history (order_id, from_status, to_status, note, created_at) values
  ('00000000-0000-4000-8000-00000000000a', null, 'pending_payment', 'Pedido criado', now() - interval '9 minutes'),
  ('00000000-0000-4000-8000-00000000000a', 'pending_payment', 'paid', 'Pagamento Pix confirmado pelo provedor (mercadopago 123)', now() - interval '8 minutes'),
  ('00000000-0000-4000-8000-00000000000a', 'paid', 'preparing', null, now() - interval '7 minutes'),
  ('00000000-0000-4000-8000-00000000000a', 'preparing', 'shipped', 'Rastreio AA123456785BR', now() - interval '6 minutes'),
  ('00000000-0000-4000-8000-00000000000a', 'shipped', 'delivered', null, now() - interval '5 minutes'),
  ('00000000-0000-4000-8000-00000000000a', 'delivered', 'delivered', 'Devolução solicitada pelo cliente. Motivo: Não serviu', now() - interval '4 minutes'),
  ('00000000-0000-4000-8000-00000000000a', 'delivered', 'delivered', 'Devolução aceita pela loja: aguardando os produtos', now() - interval '3 minutes'),
  ('00000000-0000-4000-8000-00000000000a', 'delivered', 'delivered', 'Resposta da loja: Mande pelos Correios', now() - interval '2 minutes'),
  ('00000000-0000-4000-8000-00000000000b', 'paid', 'cancelled', 'Desistência da compra pelo cliente, antes do envio. Motivo: Mudei de ideia', now()),
  ('00000000-0000-4000-8000-00000000000c', 'delivered', 'refunded', 'Reembolso registrado: R$ 30,00. Item avariado', now()),
  ('00000000-0000-4000-8000-00000000000d', 'pending_payment', 'cancelled', 'Pix expirado', now());
insert into order_refunds (order_id, amount_cents, shipping_cents, reason) values
  ('00000000-0000-4000-8000-00000000000b', 12000, 2000, 'withdrawal'),
  ('00000000-0000-4000-8000-00000000000c', 3000, 0, 'admin');
`;

const A = "00000000-0000-4000-8000-00000000000a";
const B = "00000000-0000-4000-8000-00000000000b";
const C = "00000000-0000-4000-8000-00000000000c";
const D = "00000000-0000-4000-8000-00000000000d";

describe("migration 0024 (order reasons, returns and refunds as rows)", () => {
  it("turns today's history notes into reasons, withdrawals into rows and a partial refund into partially_refunded", async () => {
    const folder = mkdtempSync(path.join(os.tmpdir(), "shop-migrations-"));
    const { name, url } = await createEmptyDatabase("order_reasons_upgrade");
    const db = createDatabase(url, 1);
    try {
      cpSync(migrationsFolder(), folder, { recursive: true });
      const journalFile = path.join(folder, "meta", "_journal.json");
      const journal = JSON.parse(readFileSync(journalFile, "utf8")) as { entries: Array<{ tag: string }> };
      const bound = journal.entries.findIndex((entry) => entry.tag.endsWith("_order_reasons_returns_refunds"));
      expect(bound).toBeGreaterThan(0);
      writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, bound) }));
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await migrate(drizzle(client), { migrationsFolder: folder });
        // Money as formatBRL wrote it: a no-break space after R$.
        await client.query(LEGACY.replaceAll("R$ ", "R$\u00a0"));
      } finally {
        await client.end();
      }

      await runMigrations(url);

      const history = async (orderId: string) =>
        db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, orderId)).orderBy(asc(orderStatusHistory.createdAt));
      const a = await history(A);
      expect(a.map((entry) => [entry.reason, entry.note])).toEqual([
        ["order_placed", null],
        ["paid_by_provider", "mercadopago 123"],
        ["preparation_started", null],
        ["shipped", "AA123456785BR"],
        ["moved_by_admin", null],
        ["return_requested", "Não serviu"],
        ["return_accepted", null],
        ["return_reply", "Mande pelos Correios"],
      ]);
      // What people read is the same text as before.
      expect(a.map((entry) => renderHistoryNote(entry))).toEqual([
        "Pedido criado",
        "Pagamento Pix confirmado pelo provedor (mercadopago 123)",
        null,
        "Rastreio AA123456785BR",
        null,
        "Devolução solicitada pelo cliente. Motivo: Não serviu",
        "Devolução aceita pela loja: aguardando os produtos",
        "Resposta da loja: Mande pelos Correios",
      ]);
      expect((await history(B)).map((entry) => [entry.reason, entry.note])).toEqual([["withdrawal_before_shipping", "Mudei de ideia"]]);
      const [partial] = await history(C);
      expect(partial).toMatchObject({
        reason: "partially_refunded_by_admin",
        toStatus: "partially_refunded",
        note: "Item avariado",
        amountCents: 3000,
      });
      expect(renderHistoryNote(partial!)).toBe("Reembolso parcial registrado: R$\u00a030,00. Item avariado");

      const statuses = await db.select({ id: orders.id, status: orders.status, statusReason: orders.statusReason }).from(orders);
      expect(new Map(statuses.map((row) => [row.id, [row.status, row.statusReason]]))).toEqual(
        new Map([
          [A, ["delivered", "moved_by_admin"]],
          [B, ["cancelled", "withdrawal_before_shipping"]],
          [C, ["partially_refunded", "partially_refunded_by_admin"]],
          // Only this one can get a new Pix: decided on the reason, no longer on the cancel text.
          [D, ["cancelled", "pix_expired"]],
        ]),
      );

      const returns = await db.select().from(orderReturns).orderBy(asc(orderReturns.orderId));
      expect(returns).toEqual([
        expect.objectContaining({
          orderId: A,
          kind: "after_shipping",
          status: "approved",
          reason: "Não serviu",
          amountCents: 12000,
          items: [{ productId: "00000000-0000-4000-8000-000000000001", productName: "Kit", quantity: 2, totalCents: 10000 }],
        }),
        expect.objectContaining({ orderId: B, kind: "before_shipping", status: "approved", reason: "Mudei de ideia" }),
      ]);
      const refunds = await db.select().from(orderRefunds).orderBy(asc(orderRefunds.orderId));
      expect(refunds.map((row) => [row.orderId, row.status, row.paidAt !== null])).toEqual([
        // The withdrawal's money was never confirmed sent: it waits in the owner's queue.
        [B, "owed", false],
        [C, "paid", true],
      ]);
    } finally {
      await db.$client.end();
      await dropDatabase(name);
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
