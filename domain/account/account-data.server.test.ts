import { eq } from "drizzle-orm";
import { addCreditEntry } from "#domain/referrals/credit-ledger.server.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Browser, createAuthTestContext, PASSWORD, uniqueEmail, type AuthTestContext } from "#test/auth-helpers.ts";
import { addresses } from "#platform/db/tables/account.ts";
import { accounts, sessions, users, verifications } from "#platform/db/tables/auth.ts";
import { cartItems, carts } from "#platform/db/tables/cart.ts";
import { notifications } from "#platform/db/tables/notifications.ts";
import { referralLinks } from "#platform/db/tables/referrals.ts";
import { MAX_ADDRESSES } from "#domain/account/account-data.server.ts";

let ctx: AuthTestContext;
beforeAll(async () => {
  ctx = await createAuthTestContext();
});
afterAll(async () => ctx?.close());

type ErrorJson = { error: { code: string; message: string } };

const address = (overrides: Record<string, string> = {}) => ({
  recipientName: "Maria Teste",
  phone: "(11) 91234-5678",
  cep: "01310-100",
  street: "Avenida Paulista",
  number: "1000",
  complement: "apto 12",
  neighborhood: "Bela Vista",
  city: "São Paulo",
  state: "sp",
  ...overrides,
});

/** A customer with something in every table: address, referral credits, a notification and a cart. */
async function customerWithData(label: string) {
  const email = uniqueEmail(label);
  const browser = await ctx.customer(email, new Browser(`203.0.113.${Math.floor(Math.random() * 200) + 1}`));
  const userId = await ctx.userId(email);
  const street = `Rua ${label} ${crypto.randomUUID().slice(0, 8)}`;
  expect((await ctx.request("/api/account/addresses", { browser, json: address({ street }) })).status).toBe(201);
  await ctx.t.db.insert(referralLinks).values({ userId, code: `X${crypto.randomUUID().slice(0, 10)}`, totalCredits: 1000 });
  const title = `Pedido de ${label} ${crypto.randomUUID().slice(0, 8)}`;
  await ctx.t.db.insert(notifications).values({ userId, type: "order_created", title, content: "Recebemos seu pedido." });
  const [cart] = await ctx.t.db.insert(carts).values({ userId }).returning({ id: carts.id });
  await ctx.t.db.insert(cartItems).values({
    cartId: cart!.id,
    productId: crypto.randomUUID(),
    productName: `Produto de ${label}`,
    quantity: 2,
    unitPriceCents: 2000,
    totalPriceCents: 4000,
  });
  return { email, browser, userId, street, title, cartId: cart!.id };
}

describe("saved addresses", () => {
  it("adds, lists and removes the customer's own addresses, normalised", async () => {
    const browser = await ctx.customer(uniqueEmail());
    const created = await ctx.request("/api/account/addresses", { browser, json: address() });
    expect(created.status).toBe(201);
    const saved = (await created.json()) as { id: string; cep: string; phone: string; state: string };
    expect(saved).toMatchObject({ cep: "01310100", phone: "11912345678", state: "SP" });
    const list = (await (await ctx.request("/api/account/addresses", { browser })).json()) as { addresses: { id: string }[] };
    expect(list.addresses.map((a) => a.id)).toEqual([saved.id]);
    expect((await ctx.request(`/api/account/addresses/${saved.id}`, { browser, method: "DELETE" })).status).toBe(204);
    expect(((await (await ctx.request("/api/account/addresses", { browser })).json()) as { addresses: unknown[] }).addresses).toEqual([]);
  });

  it("refuses invalid addresses with Portuguese messages naming the fields", async () => {
    const browser = await ctx.customer(uniqueEmail());
    const response = await ctx.request("/api/account/addresses", { browser, json: address({ cep: "123", state: "XX", phone: "123" }) });
    expect(response.status).toBe(400);
    const { message } = ((await response.json()) as ErrorJson).error;
    expect(message).toContain("cep: O CEP tem 8 dígitos");
    expect(message).toContain("state: Escolha o estado (UF).");
    expect(message).toContain("phone: Informe o telefone com DDD");
  });

  it("never shows or removes another customer's address (404, as if it did not exist)", async () => {
    const owner = await customerWithData("dona");
    const [row] = await ctx.t.db.select({ id: addresses.id }).from(addresses).where(eq(addresses.userId, owner.userId));
    const intruder = await ctx.customer(uniqueEmail("intrusa"));
    const list = (await (await ctx.request("/api/account/addresses", { browser: intruder })).json()) as { addresses: unknown[] };
    expect(list.addresses).toEqual([]);
    const removal = await ctx.request(`/api/account/addresses/${row!.id}`, { browser: intruder, method: "DELETE" });
    expect(removal.status).toBe(404);
    expect(await ctx.t.db.select().from(addresses).where(eq(addresses.id, row!.id))).toHaveLength(1);
  });

  it(`keeps at most ${MAX_ADDRESSES} addresses per customer`, async () => {
    const browser = await ctx.customer(uniqueEmail());
    await Promise.all(
      Array.from({ length: MAX_ADDRESSES }, (_, i) =>
        ctx.request("/api/account/addresses", { browser, json: address({ number: String(i + 1) }) }),
      ),
    );
    const extra = await ctx.request("/api/account/addresses", { browser, json: address({ number: "99" }) });
    expect(extra.status).toBe(409);
    expect(((await extra.json()) as ErrorJson).error.message).toContain(`${MAX_ADDRESSES} endereços`);
  });
});

describe("referral link", () => {
  it("is created on first use with a random code, stays the same, and sums total_credits of the customer only", async () => {
    const email = uniqueEmail();
    const browser = await ctx.customer(email);
    const first = (await (await ctx.request("/api/account/referral", { browser })).json()) as {
      code: string;
      link: string;
      totalCredits: number;
    };
    expect(first.code).toMatch(/^[A-Z2-9]{8}$/);
    expect(first.link).toBe(`http://localhost:3000/?ref=${first.code}`);
    expect(first.totalCredits).toBe(0);
    const again = (await (await ctx.request("/api/account/referral", { browser })).json()) as { code: string };
    expect(again.code).toBe(first.code);

    // Decision 027: one link per customer, and total_credits is the sum of the customer's ledger.
    const userId = await ctx.userId(email);
    await expect(ctx.t.db.insert(referralLinks).values({ userId, code: `EXTRA${Date.now()}`, totalCredits: 550 })).rejects.toThrow();
    await ctx.t.db.transaction(async (tx) => {
      await addCreditEntry(tx, { userId, kind: "referral_reward", amountCents: 1000 });
      await addCreditEntry(tx, { userId, kind: "referral_reward", amountCents: 550 });
    });
    const neighbour = await customerWithData("vizinha"); // someone else's credits must not count
    await ctx.t.db.transaction((tx) => addCreditEntry(tx, { userId: neighbour.userId, kind: "referral_reward", amountCents: 700 }));
    const summed = (await (await ctx.request("/api/account/referral", { browser })).json()) as { totalCredits: number };
    expect(summed.totalCredits).toBe(1550);
  });
});

describe("LGPD: download my data", () => {
  it("contains the customer's data and nobody else's, never a session token", async () => {
    const me = await customerWithData("eu");
    const other = await customerWithData("outra");
    const response = await ctx.request("/api/account/export", { browser: me.browser });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename=".+\.json"$/);
    const text = await response.text();
    const data = JSON.parse(text) as {
      account: { email: string };
      addresses: { street: string }[];
      referral: { totalCredits: number }[];
      notifications: { title: string }[];
      carts: { id: string; items: { productName: string }[] }[];
      sessions: { ipAddress: string }[];
    };
    expect(data.account.email).toBe(me.email);
    expect(data.addresses.map((a) => a.street)).toEqual([me.street]);
    expect(data.referral.map((r) => r.totalCredits)).toEqual([1000]);
    expect(data.notifications.map((n) => n.title)).toEqual([me.title]);
    expect(data.carts.map((c) => c.id)).toEqual([me.cartId]);
    expect(data.carts[0]!.items.map((i) => i.productName)).toEqual(["Produto de eu"]);
    expect(data.sessions.length).toBeGreaterThan(0);

    for (const foreign of [other.email, other.street, other.title, other.userId, other.cartId, "Produto de outra"]) {
      expect(text).not.toContain(foreign);
    }
    const tokens = await ctx.t.db.select({ token: sessions.token }).from(sessions).where(eq(sessions.userId, me.userId));
    for (const { token } of tokens) expect(text).not.toContain(token);
    expect(text).not.toMatch(/"password"|scrypt/);
  });

  it("needs a session", async () => {
    expect((await ctx.request("/api/account/export")).status).toBe(401);
  });
});

describe("LGPD: delete my account", () => {
  it("refuses without the password or the confirmation word", async () => {
    const me = await customerWithData("quase");
    const wrong = await ctx.request("/api/account", {
      method: "DELETE",
      browser: me.browser,
      json: { password: "errada-123", confirmation: "EXCLUIR" },
    });
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as ErrorJson).error.message).toBe("Senha incorreta.");
    const unconfirmed = await ctx.request("/api/account", {
      method: "DELETE",
      browser: me.browser,
      json: { password: PASSWORD, confirmation: "sim" },
    });
    expect(unconfirmed.status).toBe(400);
    expect(await ctx.t.db.select().from(users).where(eq(users.id, me.userId))).toHaveLength(1);
  });

  it("stops password guesses with 429 rate_limited and a Retry-After; the account survives", async () => {
    const email = uniqueEmail("adivinha");
    const browser = await ctx.customer(email, new Browser("203.0.113.77"));
    const guess = (password: string) =>
      ctx.request("/api/account", { method: "DELETE", browser, json: { password, confirmation: "EXCLUIR" } });
    for (let i = 0; i < 5; i++) expect((await guess(`chute-errado-${i}`)).status).toBe(400);
    const refused = await guess(PASSWORD);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(((await refused.json()) as ErrorJson).error).toEqual({
      code: "rate_limited",
      message: "Muitas tentativas. Aguarde alguns minutos e tente novamente.",
    });
    expect(await ctx.t.db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
  });

  it("removes the personal data, ends every session and leaves other customers alone", async () => {
    const me = await customerWithData("excluir");
    const laptop = new Browser("203.0.113.99");
    expect((await ctx.signIn(me.email, PASSWORD, laptop)).status).toBe(200);
    await ctx.request("/api/auth/request-password-reset", { json: { email: me.email } });
    await ctx.mail.waitFor(me.email, (m) => m.subject.includes("Redefinição"));
    const other = await customerWithData("fica");

    const response = await ctx.request("/api/account", {
      method: "DELETE",
      browser: me.browser,
      json: { password: PASSWORD, confirmation: "EXCLUIR" },
    });
    expect(response.status).toBe(204);
    expect(me.browser.sessionCookie).toBeUndefined();

    const left = async (
      table:
        typeof users | typeof sessions | typeof accounts | typeof addresses | typeof notifications | typeof referralLinks | typeof carts,
      column: unknown,
    ) =>
      ctx.t.db
        .select()
        .from(table as typeof users)
        .where(eq(column as typeof users.id, me.userId));
    expect(await left(users, users.id)).toHaveLength(0);
    expect(await left(sessions, sessions.userId)).toHaveLength(0);
    expect(await left(accounts, accounts.userId)).toHaveLength(0);
    expect(await left(addresses, addresses.userId)).toHaveLength(0);
    expect(await left(notifications, notifications.userId)).toHaveLength(0);
    expect(await left(referralLinks, referralLinks.userId)).toHaveLength(0);
    expect(await left(carts, carts.userId)).toHaveLength(0);
    expect(await ctx.t.db.select().from(cartItems).where(eq(cartItems.cartId, me.cartId))).toHaveLength(0);
    expect(await ctx.t.db.select().from(verifications).where(eq(verifications.value, me.userId))).toHaveLength(0);

    // Both devices are signed out; the old password opens nothing.
    expect(await (await ctx.request("/api/auth/get-session", { browser: laptop })).json()).toBeNull();
    expect((await ctx.request("/api/account/export", { browser: laptop })).status).toBe(401);
    expect((await ctx.signIn(me.email, PASSWORD)).status).toBe(401);

    // The other customer keeps everything.
    expect(await ctx.t.db.select().from(users).where(eq(users.id, other.userId))).toHaveLength(1);
    expect(await ctx.t.db.select().from(addresses).where(eq(addresses.userId, other.userId))).toHaveLength(1);
    expect((await ctx.request("/api/account/export", { browser: other.browser })).status).toBe(200);
  });
});
