import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { productUuid } from "#domain/catalog/product-slugs.ts";
import { getOrder } from "#domain/orders/order-queries.server.ts";
import { orderMoneyLines } from "#domain/orders/order-money-lines.ts";
import { moneyLinesText } from "#domain/pricing/money-lines.ts";
import { formatBRL } from "#domain/pricing/money.ts";
import { Browser, createAuthTestContext, PUBLIC_URL, uniqueEmail, type AuthTestContext } from "#test/auth-helpers.ts";
import { CHECKOUT_ADDRESS } from "#test/builders.ts";
import { linksIn } from "#test/mail-server.ts";

/*
 * Issue 28 item 10: the order's e-mails are a real receipt. Through the real SMTP test server, as
 * the queue's worker sends them: the items, the delivery address, the money lines of the one
 * presenter, the Pix copy-paste code while unpaid, an absolute link to the order's page, and a
 * reply-to that someone reads.
 */

const SAMPLE = productUuid(2); // dried, by the gram: 50 g in sachets carries packaging
const KIT = productUuid(4); // liquid-culture kit, by the unit
const SHOP_EMAIL = "atendimento@loja-teste.com.br";

/** SMTP carries CRLF line ends; the lines are compared as one block. */
const unix = (text: string) => text.replaceAll("\r\n", "\n");

let ctx: AuthTestContext;
let admin: Browser;
beforeAll(async () => {
  ctx = await createAuthTestContext({ SHOP_EMAIL });
  const email = uniqueEmail("admin-recibo");
  await ctx.makeAdmin(email);
  admin = await ctx.customer(email, new Browser("198.51.100.231"));
}, 60_000);
afterAll(async () => ctx?.close());

describe("the order's e-mails", () => {
  it("carry the items, address, money lines, Pix code while unpaid, a link to the order and a reply-to someone reads", async () => {
    const coupon = await ctx.request("/api/admin/coupons", { browser: admin, json: { code: "FRETERECIBO", kind: "free_shipping" } });
    expect(coupon.status, await coupon.clone().text()).toBe(201);
    const email = uniqueEmail("recibo");
    const browser = await ctx.customer(email, new Browser("198.51.100.232"));
    for (const body of [
      { productId: SAMPLE, quantity: 50, packaging: { enabled: true } },
      { productId: KIT, quantity: 1, packaging: { enabled: false } },
    ]) {
      const added = await ctx.request("/api/cart/items", { browser, json: body });
      expect(added.status, await added.clone().text()).toBe(201);
    }
    const placed = await ctx.request("/api/checkout/orders", {
      browser,
      json: {
        idempotencyKey: crypto.randomUUID(),
        address: CHECKOUT_ADDRESS,
        shippingMethod: "pac",
        couponCode: "FRETERECIBO",
        confirmAdult: true,
        acceptTerms: true,
      },
    });
    expect(placed.status, await placed.clone().text()).toBe(201);
    const { orderId, number } = (await placed.json()) as { orderId: string; number: number };
    const order = (await getOrder(ctx.t.db, orderId))!;
    const lines = moneyLinesText(orderMoneyLines(order));
    // The one presenter's lines, in its order: products, packaging, freight, the coupon, total.
    expect(lines.map((line) => line.split(":")[0])).toEqual([
      "Produtos",
      "Embalagens",
      "Frete (PAC)",
      "Cupom FRETERECIBO (frete grátis)",
      "Total a pagar",
    ]);

    const received = await ctx.mail.waitFor(email, (m) => m.subject.includes(`#${number} recebido`), 15_000);
    // The items, each with its amount, the packaging said where it is.
    const sample = order.items.find((item) => item.productId === SAMPLE)!;
    const kit = order.items.find((item) => item.productId === KIT)!;
    expect(sample.packagingFeeCents).toBe(25_00);
    expect(received.text).toContain(
      `- ${sample.productName} (50 g): ${formatBRL(sample.finalTotalCents)}, inclui embalagem de ${formatBRL(25_00)}`,
    );
    expect(received.text).toContain(`- ${kit.productName} (1 un.): `);
    // The money lines, one after the other, exactly as the pages show them.
    expect(unix(received.text)).toContain(lines.join("\n"));
    expect(received.html).toContain("Cupom FRETERECIBO (frete grátis)");
    // Where it goes.
    for (const part of ["Maria Silva", "Avenida Paulista, 1000 (apto 5)", "Bela Vista, São Paulo/SP", "CEP 01310-100", "Prazo estimado: "])
      expect(received.text).toContain(part);
    // The Pix to paste in the bank's app while the order waits for it.
    expect(order.pix?.code).toBeTruthy();
    expect(received.text).toContain(order.pix!.code);
    // A link that works from any mail client: absolute, to the order in the customer's panel.
    expect(linksIn(received)).toContain(`${PUBLIC_URL}/cliente?order=${orderId}`);
    // Replies reach the shop's contact e-mail, not the sender's "nao-responda" box.
    expect(received.replyTo).toBe(SHOP_EMAIL);

    // Paid: the payment e-mail is the paid receipt, the same lines, no Pix code to pay any more.
    const paid = await ctx.request(`/api/admin/orders/${orderId}/confirm-payment`, { browser: admin, json: {} });
    expect(paid.status, await paid.clone().text()).toBe(200);
    const receipt = await ctx.mail.waitFor(email, (m) => m.subject.startsWith("Pagamento confirmado"), 15_000);
    expect(unix(receipt.text)).toContain(lines.join("\n"));
    expect(receipt.text).toContain("CEP 01310-100");
    expect(receipt.text).not.toContain(order.pix!.code);
    expect(receipt.text).not.toContain("Pix copia e cola");
    expect(linksIn(receipt)).toContain(`${PUBLIC_URL}/cliente?order=${orderId}`);
    expect(receipt.replyTo).toBe(SHOP_EMAIL);
  }, 60_000);
});
