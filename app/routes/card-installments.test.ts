import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader as cartLoader } from "#app/routes/cart.tsx";
import { loader as productLoader } from "#app/routes/produto.tsx";
import { auditEntries } from "#test/audit.ts";
import { giveCart } from "#test/builders.ts";
import { type AuthTestContext, Browser, createAuthTestContext, uniqueEmail } from "#test/auth-helpers.ts";
import { startMercadoPagoFake, type MercadoPagoFake } from "#test/fakes/mercadopago-fake.ts";
import { pageArgs } from "#test/page-args.ts";

/*
 * Issue 32 item 1: the owner's installments rule is a setting of the admin (the environment's until
 * saved), and the product pages and the cart say "em até Nx sem juros" from it, in the server's data
 * (their loaders, beside the pages as the other page tests). With cards off, nothing is said.
 */

const SLUG = "cultura-liquida-golden-teacher";
type ErrorJson = { error: { code: string; message: string } };

let ctx: AuthTestContext;
let fake: MercadoPagoFake;
let admin: Browser;
let buyer: Browser;

beforeAll(async () => {
  fake = await startMercadoPagoFake();
  ctx = await createAuthTestContext({
    PIX_PROVIDER: "mercadopago",
    PAYMENT_METHODS: "pix,card",
    MERCADOPAGO_API_URL: fake.url,
    MERCADOPAGO_ACCESS_TOKEN: fake.accessToken,
    MERCADOPAGO_WEBHOOK_SECRET: fake.webhookSecret,
    MERCADOPAGO_PUBLIC_KEY: fake.publicKey,
    CARD_MAX_INSTALLMENTS: "10",
    CARD_INSTALLMENTS_WITHOUT_INTEREST: "3",
  });
  const adminEmail = uniqueEmail("admin-parcelas");
  await ctx.makeAdmin(adminEmail);
  admin = await ctx.customer(adminEmail, new Browser("203.0.113.160"));
  const buyerEmail = uniqueEmail("parcelas-comprador");
  buyer = await ctx.customer(buyerEmail, new Browser("203.0.113.161"));
  await giveCart(ctx.t.db, await ctx.userId(buyerEmail), 4);
}, 90_000);
afterAll(async () => {
  await ctx?.close();
  await fake?.close();
});

const productPitch = async () => {
  const data = await productLoader({ ...pageArgs(ctx.t.services, `/produto/${SLUG}`), params: { slug: SLUG } } as Parameters<
    typeof productLoader
  >[0]);
  return (data as Exclude<typeof data, Response>).product.cardPitch;
};
const cartPitch = async () => {
  const data = await cartLoader(pageArgs(ctx.t.services, "/cart", buyer.header()) as Parameters<typeof cartLoader>[0]);
  const page = data as Exclude<typeof data, Response>;
  expect(page.cart.items.length).toBeGreaterThan(0);
  return page.cardPitch;
};
const saveRule = (body: unknown) => ctx.request("/api/admin/settings/card-installments", { browser: admin, method: "PUT", json: body });

describe("the installments rule from the owner's settings", () => {
  it("starts as the environment's and is said on the product page and in the cart", async () => {
    const rule = await ctx.request("/api/admin/settings/card-installments", { browser: admin });
    expect(await rule.json()).toEqual({ maxInstallments: 10, withoutInterest: 3, cardsOn: true });
    expect(await productPitch()).toBe("em até 3x sem juros");
    expect(await cartPitch()).toBe("em até 3x sem juros");
  });

  it("the owner saves another rule: audited, and the pages say it at once", async () => {
    const saved = await saveRule({ maxInstallments: 6, withoutInterest: 4 });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toEqual({ maxInstallments: 6, withoutInterest: 4, cardsOn: true });
    expect(await productPitch()).toBe("em até 4x sem juros");
    expect(await cartPitch()).toBe("em até 4x sem juros");
    const entry = (await auditEntries(ctx, admin, "settings", "loja")).find((e) => e.action === "settings.card_installments_update");
    expect(entry).toMatchObject({ after: { cardInstallments: { maxInstallments: 6, withoutInterest: 4 } } });
    // Saving the rest of the settings keeps the rule.
    const settings = (await (await ctx.request("/api/admin/settings", { browser: admin })).json()) as Record<string, unknown>;
    expect(settings.cardInstallments).toEqual({ maxInstallments: 6, withoutInterest: 4 });
  });

  it("refuses more installments without interest than the most, or past 12, in Portuguese", async () => {
    const over = await saveRule({ maxInstallments: 3, withoutInterest: 5 });
    expect(over.status).toBe(400);
    expect(((await over.json()) as ErrorJson).error.message).toContain("não podem passar do número máximo de parcelas");
    expect((await saveRule({ maxInstallments: 13, withoutInterest: 1 })).status).toBe(400);
    expect(await productPitch()).toBe("em até 4x sem juros");
  });

  it("one installment without interest: nothing is announced", async () => {
    expect((await saveRule({ maxInstallments: 6, withoutInterest: 1 })).status).toBe(200);
    expect(await productPitch()).toBeNull();
    expect(await cartPitch()).toBeNull();
  });

  it("only admins read or change it", async () => {
    const customer = await ctx.customer(uniqueEmail("parcelas-cliente"), new Browser("203.0.113.162"));
    expect((await ctx.request("/api/admin/settings/card-installments", { browser: customer })).status).toBe(403);
    expect(
      (
        await ctx.request("/api/admin/settings/card-installments", {
          browser: customer,
          method: "PUT",
          json: { maxInstallments: 2, withoutInterest: 2 },
        })
      ).status,
    ).toBe(403);
  });
});
