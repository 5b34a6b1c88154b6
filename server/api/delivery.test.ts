import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkDownload } from "#domain/delivery/deliveries.server.ts";
import { orderForDelivery } from "#domain/orders/order-delivery.server.ts";
import { DOWNLOAD_LINK_HOURS, signDownloadLink } from "#domain/delivery/download-links.server.ts";
import type { OrderDeliveries } from "#domain/delivery/delivery-schemas.ts";
import { ACCESS_INSTRUCTIONS } from "#domain/catalog/catalog-seed.ts";
import { productUuid } from "#domain/catalog/product-slugs.ts";
import { Browser, createAuthTestContext, uniqueEmail, type AuthTestContext } from "#test/auth-helpers.ts";
import { linksIn } from "#test/mail-server.ts";
import { orderWithoutShipping } from "#test/builders.ts";

/*
 * Issue 19 item 4 on a real PostgreSQL and a real SMTP conversation: once the e-book's order is
 * paid, the payment e-mail carries a signed link that serves the PDF to its buyer only, for 24 h;
 * the panel gives a fresh one; courses and services get their instructions in both places.
 */

const EBOOK = productUuid(202);
type ErrorJson = { error: { code: string; message: string } };

let ctx: AuthTestContext;
let admin: Browser;
let buyer: Browser;
let buyerEmail: string;
let buyerId: string;
let stranger: Browser;
let strangerId: string;
let paidId: string;
const ADMIN_EMAIL = uniqueEmail("admin-downloads");
let dataDir: string;

beforeAll(async () => {
  // A data folder of this file's own: the owner's file is written into it.
  dataDir = await mkdtemp(path.join(tmpdir(), "downloads-test-"));
  ctx = await createAuthTestContext({ DATA_DIR: dataDir });
  await ctx.makeAdmin(ADMIN_EMAIL);
  admin = await ctx.customer(ADMIN_EMAIL, new Browser("203.0.113.160"));
  buyerEmail = uniqueEmail("ebook");
  buyer = await ctx.customer(buyerEmail, new Browser("203.0.113.161"));
  buyerId = await ctx.userId(buyerEmail);
  const strangerEmail = uniqueEmail("outro");
  stranger = await ctx.customer(strangerEmail, new Browser("203.0.113.162"));
  strangerId = await ctx.userId(strangerEmail);
  paidId = await orderWithoutShipping(ctx, buyer, 202, ["paid"], admin);
}, 90_000);
afterAll(async () => {
  await ctx?.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** The path and query of an absolute link. */
const local = (url: string) => {
  const parsed = new URL(url, "http://localhost:3000");
  return parsed.pathname + parsed.search;
};
const queryOf = (url: string) => {
  const params = new URL(url, "http://localhost:3000").searchParams;
  return { expira: params.get("expira")!, assinatura: params.get("assinatura")! };
};

describe("the e-book's signed link", () => {
  it("comes in the payment-confirmed e-mail and serves the PDF to its buyer", async () => {
    const mail = await ctx.mail.waitFor(buyerEmail, (m) => m.subject.startsWith("Pagamento confirmado"));
    const link = linksIn(mail).find((url) => url.includes(`/download/${paidId}/${EBOOK}?`));
    expect(link, mail.text).toBeTruthy();
    expect(mail.text).toContain(`baixe pelo link abaixo. Ele vale por ${DOWNLOAD_LINK_HOURS} horas e só abre na sua conta`);
    expect(mail.html).toContain("Baixar E-book");

    const file = await ctx.request(local(link!), { browser: buyer });
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("application/pdf");
    expect(file.headers.get("content-disposition")).toBe('attachment; filename="ebook-cultivo-avancado.pdf"');
    expect(file.headers.get("cache-control")).toBe("private, no-store");
    const body = Buffer.from(await file.arrayBuffer());
    expect(body.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(body.toString("latin1")).toContain("%%EOF");
  });

  it("refuses another account, a visitor, an expired signature and a changed one", async () => {
    const link = signDownloadLink(ctx.t.services.config, { orderId: paidId, productId: EBOOK, userId: buyerId });
    const notServed = async (response: Response) => {
      expect(response.status).not.toBe(200);
      expect(response.headers.get("content-type")).not.toBe("application/pdf");
    };
    await notServed(await ctx.request(link.url, { browser: stranger }));
    await notServed(await ctx.request(link.url, { browser: new Browser() }));
    const check = async (userId: string, query: { expira: string; assinatura: string }) =>
      checkDownload(ctx.t.db, ctx.t.services.config, await orderForDelivery(ctx.t.db, paidId), {
        orderId: paidId,
        productId: EBOOK,
        userId,
        link: query,
      });
    expect((await check(strangerId, queryOf(link.url))).outcome).toBe("forbidden");

    // Signed 25 hours ago: a day later it no longer works, and the page offers a new one.
    const old = signDownloadLink(ctx.t.services.config, { orderId: paidId, productId: EBOOK, userId: buyerId }, Date.now() - 25 * 3600_000);
    await notServed(await ctx.request(old.url, { browser: buyer }));
    expect(await check(buyerId, queryOf(old.url))).toMatchObject({ outcome: "expired", productName: "E-book de Cultivo Avançado" });

    // Stretching the expiry breaks the signature.
    const stretched = { ...queryOf(old.url), expira: String(Math.floor(Date.now() / 1000) + 3600) };
    await notServed(await ctx.request(`/download/${paidId}/${EBOOK}?${new URLSearchParams(stretched)}`, { browser: buyer }));
    expect((await check(buyerId, stretched)).outcome).toBe("invalid");
    // A link signed for the stranger (as if made for them) does not open the buyer's order either.
    const forged = signDownloadLink(ctx.t.services.config, { orderId: paidId, productId: EBOOK, userId: strangerId });
    await notServed(await ctx.request(forged.url, { browser: stranger }));
  });

  it("the panel gives a fresh link and renews it; another account gets 404", async () => {
    const read = await ctx.request(`/api/orders/${paidId}/deliveries`, { browser: buyer });
    expect(read.status).toBe(200);
    const deliveries = (await read.json()) as OrderDeliveries;
    expect(deliveries.state).toBe("available");
    const [ebook] = deliveries.items;
    expect(ebook).toMatchObject({ productId: EBOOK, downloadable: true, instructions: ACCESS_INSTRUCTIONS[202] });
    expect(Date.parse(ebook!.download!.expiresAt) - Date.now()).toBeGreaterThan((DOWNLOAD_LINK_HOURS - 1) * 3600_000);
    expect((await ctx.request(ebook!.download!.url, { browser: buyer })).status).toBe(200);

    const renewed = await ctx.request(`/api/orders/${paidId}/deliveries/${EBOOK}/link`, { browser: buyer, method: "POST" });
    expect(renewed.status).toBe(201);
    const link = (await renewed.json()) as { url: string; expiresAt: string };
    expect((await ctx.request(link.url, { browser: buyer })).status).toBe(200);

    expect((await ctx.request(`/api/orders/${paidId}/deliveries`, { browser: stranger })).status).toBe(404);
    const refused = await ctx.request(`/api/orders/${paidId}/deliveries/${EBOOK}/link`, { browser: stranger, method: "POST" });
    expect(refused.status).toBe(404);
    expect(((await refused.json()) as ErrorJson).error.message).toBe("Pedido não encontrado.");
  });

  it("is not given before payment", async () => {
    const pendingId = await orderWithoutShipping(ctx, buyer, 202);
    const deliveries = (await (await ctx.request(`/api/orders/${pendingId}/deliveries`, { browser: buyer })).json()) as OrderDeliveries;
    expect(deliveries).toMatchObject({ state: "waiting_payment", items: [{ productId: EBOOK, download: null, instructions: null }] });
    const refused = await ctx.request(`/api/orders/${pendingId}/deliveries/${EBOOK}/link`, { browser: buyer, method: "POST" });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as ErrorJson).error.message).toBe("O download é liberado quando o pagamento for confirmado.");
  });

  it("serves the owner's file from DATA_DIR/downloads once it is there", async () => {
    const folder = path.join(ctx.t.services.config.dataDir, "downloads");
    await mkdir(folder, { recursive: true });
    const owners = Buffer.from("%PDF-1.7\n% o e-book de verdade\n%%EOF\n", "latin1");
    await writeFile(path.join(folder, "ebook-cultivo-avancado.pdf"), owners);
    const link = signDownloadLink(ctx.t.services.config, { orderId: paidId, productId: EBOOK, userId: buyerId });
    const file = await ctx.request(link.url, { browser: buyer });
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).equals(owners)).toBe(true);
  });
});

describe("access instructions", () => {
  it("a paid course's e-mail and panel tell how to get in", async () => {
    const email = uniqueEmail("curso");
    const student = await ctx.customer(email, new Browser("203.0.113.163"));
    const orderId = await orderWithoutShipping(ctx, student, 201, ["paid"], admin);
    const mail = await ctx.mail.waitFor(email, (m) => m.subject.startsWith("Pagamento confirmado"));
    expect(mail.text).toContain(`Curso de Cultivo Doméstico: ${ACCESS_INSTRUCTIONS[201]}`);
    expect(linksIn(mail).some((url) => url.includes("/download/"))).toBe(false);
    const deliveries = (await (await ctx.request(`/api/orders/${orderId}/deliveries`, { browser: student })).json()) as OrderDeliveries;
    expect(deliveries.items).toEqual([
      {
        productId: productUuid(201),
        productName: "Curso de Cultivo Doméstico",
        instructions: ACCESS_INSTRUCTIONS[201],
        download: null,
        downloadable: false,
      },
    ]);
  });
});
