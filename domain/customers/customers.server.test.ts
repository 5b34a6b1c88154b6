import { beforeAll, describe, expect, it } from "vitest";
import { addresses, consentEvents, orderRefunds, orders, referralLinks, users } from "#platform/db/schema.ts";
import { CHECKOUT_ADDRESS } from "#test/builders.ts";
import { getCustomer, searchCustomers } from "#domain/customers/customers.server.ts";
import type { OrderStatus } from "#domain/orders/order-status.ts";
import { setUpTestDatabase } from "#test/database.ts";

/*
 * Issue 17 item 3: the admin finds a customer by name, e-mail, CPF or phone, a page at a time, and
 * sees their orders, what they spent, their consents and their referral link. Real PostgreSQL.
 */

const t = setUpTestDatabase();

let counter = 0;
async function insertUser(name: string, email: string, createdAt: Date): Promise<string> {
  const id = `usuario-${++counter}`;
  await t.db.insert(users).values({ id, name, email, emailVerified: true, createdAt });
  return id;
}

async function insertOrder(
  userId: string,
  fields: { totalCents: number; status: OrderStatus; paid: boolean; cpf?: string; phone?: string },
) {
  counter += 1;
  const [row] = await t.db
    .insert(orders)
    .values({
      userId,
      customerEmail: `pedido${counter}@example.com`,
      customerName: "Quem comprou",
      status: fields.status,
      subtotalCents: fields.totalCents,
      totalCents: fields.totalCents,
      pixTxid: `CLIENTES${counter}${Date.now()}`,
      pixCode: "000201",
      pixExpiresAt: new Date(),
      paidAt: fields.paid ? new Date() : null,
      shippingAddress: fields.cpf
        ? { ...CHECKOUT_ADDRESS, cpf: fields.cpf, phone: fields.phone ?? "11912345678", cep: "01310100", complement: null }
        : null,
      createdAt: new Date(Date.UTC(2026, 2, 1, 12, counter)),
    })
    .returning({ id: orders.id });
  return row!.id;
}

let maria: string;
let joao: string;
let bruna: string;

beforeAll(async () => {
  maria = await insertUser("Maria Aparecida Souza", "maria.souza@example.com", new Date("2026-01-10T12:00:00Z"));
  joao = await insertUser("João Pereira", "joao@example.com", new Date("2026-01-11T12:00:00Z"));
  bruna = await insertUser("Bruna 100% Natural", "bruna_n@example.com", new Date("2026-01-12T12:00:00Z"));
  // Maria: two paid orders (one partly refunded), one cancelled after payment, one unpaid.
  await insertOrder(maria, { totalCents: 100_00, status: "delivered", paid: true, cpf: "52998224725", phone: "11987654321" });
  const partly = await insertOrder(maria, { totalCents: 300_00, status: "shipped", paid: true, cpf: "52998224725" });
  await t.db.insert(orderRefunds).values({ orderId: partly, amountCents: 40_00, shippingCents: 0, reason: "admin" });
  await insertOrder(maria, { totalCents: 500_00, status: "cancelled", paid: true, cpf: "52998224725" });
  await insertOrder(maria, { totalCents: 700_00, status: "pending_payment", paid: false });
  // João: a saved address with his phone, no orders.
  await t.db.insert(addresses).values({
    userId: joao,
    recipientName: "João Pereira",
    phone: "21998765432",
    cep: "20040002",
    street: "Rua do Ouvidor",
    number: "50",
    neighborhood: "Centro",
    city: "Rio de Janeiro",
    state: "RJ",
  });
  // Maria's consents: age and terms at the gate, analytics on then off; marketing never asked while signed in.
  const at = (minute: number) => new Date(Date.UTC(2026, 1, 1, 12, minute));
  await t.db.insert(consentEvents).values([
    { userId: maria, purpose: "age", granted: true, version: "2026-11-25", createdAt: at(0) },
    { userId: maria, purpose: "terms", granted: true, version: "2026-11-25", createdAt: at(0) },
    { userId: maria, purpose: "analytics", granted: true, version: "2026-11-25", createdAt: at(1) },
    { userId: maria, purpose: "analytics", granted: false, version: "2026-11-25", createdAt: at(2) },
    { userId: joao, purpose: "marketing", granted: true, version: "2026-11-25", createdAt: at(3) },
  ]);
  await t.db.insert(referralLinks).values({ userId: maria, code: "MARIA2026", totalCredits: 15_00 });
});

const found = async (q: string) => (await searchCustomers(t.db, { q, page: 1 })).customers.map((customer) => customer.id);

describe("searching customers", () => {
  it("finds by part of the name or e-mail, in any case", async () => {
    expect(await found("aparecida")).toEqual([maria]);
    expect(await found("JOAO@")).toEqual([joao]);
    expect(await found("example.com")).toEqual([bruna, joao, maria]);
  });

  it("finds by CPF or phone, typed with or without punctuation, from orders and saved addresses", async () => {
    expect(await found("529.982.247-25")).toEqual([maria]);
    expect(await found("52998224725")).toEqual([maria]);
    expect(await found("(11) 98765-4321")).toEqual([maria]);
    expect(await found("(21) 99876-5432")).toEqual([joao]);
    expect(await found("000.000.000-00")).toEqual([]);
  });

  it("looks for %, _ and \\ as themselves", async () => {
    expect(await found("100%")).toEqual([bruna]);
    expect(await found("a_n@")).toEqual([bruna]);
    expect(await found("%")).toEqual([bruna]);
    expect(await found("\\")).toEqual([]);
  });

  it("shows each customer's order count, what they spent (paid orders, less refunds) and their newest CPF and phone", async () => {
    const [row] = (await searchCustomers(t.db, { q: "maria", page: 1 })).customers;
    expect(row).toMatchObject({
      id: maria,
      name: "Maria Aparecida Souza",
      email: "maria.souza@example.com",
      orderCount: 4,
      // R$ 100 + R$ 300 − R$ 40 refunded; the cancelled and the unpaid orders are not money spent.
      totalSpentCents: 360_00,
      cpf: "52998224725",
    });
    expect(row!.lastOrderAt).not.toBeNull();
    const [joaoRow] = (await searchCustomers(t.db, { q: "joão", page: 1 })).customers;
    expect(joaoRow).toMatchObject({ orderCount: 0, totalSpentCents: 0, lastOrderAt: null, cpf: null, phone: "21998765432" });
  });

  it("pages in SQL: 20 a page, newest account first, the total on every page", async () => {
    const base = Date.UTC(2026, 4, 1);
    for (let i = 0; i < 25; i++)
      await insertUser(`Paginado ${String(i).padStart(2, "0")}`, `paginado${i}@loja.test`, new Date(base + i * 60_000));
    const first = await searchCustomers(t.db, { q: "paginado", page: 1 });
    expect(first).toMatchObject({ page: 1, pageSize: 20, total: 25, hasMore: true });
    expect(first.customers).toHaveLength(20);
    expect(first.customers[0]!.name).toBe("Paginado 24");
    const second = await searchCustomers(t.db, { q: "paginado", page: 2 });
    expect(second).toMatchObject({ page: 2, total: 25, hasMore: false });
    expect(second.customers.map((customer) => customer.name)).toEqual([
      "Paginado 04",
      "Paginado 03",
      "Paginado 02",
      "Paginado 01",
      "Paginado 00",
    ]);
    const all = await searchCustomers(t.db, { page: 1 });
    expect(all.total).toBe(28);
  });
});

describe("one customer", () => {
  it("has their orders, numbers, consent state per purpose and referral link", async () => {
    const customer = await getCustomer(t.db, maria);
    expect(customer).toMatchObject({ id: maria, emailVerified: true, orderCount: 4, totalSpentCents: 360_00 });
    expect(customer!.orders).toHaveLength(4);
    expect(customer!.orders.map((order) => order.status)).toEqual(["pending_payment", "cancelled", "shipped", "delivered"]);
    expect(customer!.cpfs).toEqual(["52998224725"]);
    expect(customer!.phones).toEqual(["11912345678", "11987654321"]);
    expect(customer!.consent).toEqual([
      { purpose: "age", state: "granted", version: "2026-11-25", recordedAt: "2026-02-01T12:00:00.000Z" },
      { purpose: "terms", state: "granted", version: "2026-11-25", recordedAt: "2026-02-01T12:00:00.000Z" },
      { purpose: "analytics", state: "refused", version: "2026-11-25", recordedAt: "2026-02-01T12:02:00.000Z" },
      { purpose: "marketing", state: "never", version: null, recordedAt: null },
    ]);
    expect(customer!.referral).toEqual({ codes: ["MARIA2026"], totalCredits: 15_00 });
  });

  it("a customer without orders or a referral link, and an account that does not exist", async () => {
    const customer = await getCustomer(t.db, joao);
    expect(customer).toMatchObject({ orders: [], cpfs: [], phones: ["21998765432"], referral: null });
    expect(customer!.consent.find((state) => state.purpose === "marketing")).toMatchObject({ state: "granted" });
    expect(await getCustomer(t.db, "nao-existe")).toBeNull();
  });
});
