import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as renewAction, loader as downloadLoader } from "#app/routes/download.tsx";
import { signDownloadLink } from "#domain/delivery/download-links.server.ts";
import { productUuid } from "#domain/catalog/product-slugs.ts";
import { Browser, createAuthTestContext, uniqueEmail, type AuthTestContext } from "#test/auth-helpers.ts";
import { orderWithoutShipping } from "#test/builders.ts";
import { pageArgs } from "#test/page-args.ts";

/*
 * The page a download link shows when the server does not hand over the file (decision 030): why,
 * in Portuguese, with the status that says it: another account 403, expired 410 with a new link,
 * a visitor signs in first.
 */

const EBOOK = productUuid(202);
type Loaded = { data: { kind: string; productName?: string }; init: { status: number } };

let ctx: AuthTestContext;
let buyer: Browser;
let buyerId: string;
let stranger: Browser;
let orderId: string;

beforeAll(async () => {
  ctx = await createAuthTestContext();
  const adminEmail = uniqueEmail("admin-pagina-download");
  await ctx.makeAdmin(adminEmail);
  const admin = await ctx.customer(adminEmail, new Browser("203.0.113.170"));
  const buyerEmail = uniqueEmail("pagina-download");
  buyer = await ctx.customer(buyerEmail, new Browser("203.0.113.171"));
  buyerId = await ctx.userId(buyerEmail);
  stranger = await ctx.customer(uniqueEmail("pagina-outro"), new Browser("203.0.113.172"));
  orderId = await orderWithoutShipping(ctx, buyer, 202, ["paid"], admin);
}, 90_000);
afterAll(async () => ctx?.close());

const argsFor = (url: string, browser: Browser, method = "GET") => {
  const args = pageArgs(ctx.t.services, url, browser.header());
  const request = new Request(args.request.url, { method, headers: args.request.headers });
  return { ...args, request, params: { orderId, productId: EBOOK } } as unknown as Parameters<typeof downloadLoader>[0];
};

describe("/download/{order}/{product}", () => {
  it("tells another account the file is not theirs (403)", async () => {
    const link = signDownloadLink(ctx.t.services.config, { orderId, productId: EBOOK, userId: buyerId });
    const page = (await downloadLoader(argsFor(link.url, stranger))) as unknown as Loaded;
    expect(page.init.status).toBe(403);
    expect(page.data.kind).toBe("forbidden");
  });

  it("offers the buyer a new link when theirs expired (410), and the new one is fresh", async () => {
    const old = signDownloadLink(ctx.t.services.config, { orderId, productId: EBOOK, userId: buyerId }, Date.now() - 25 * 3600_000);
    const page = (await downloadLoader(argsFor(old.url, buyer))) as unknown as Loaded;
    expect(page.init.status).toBe(410);
    expect(page.data).toMatchObject({ kind: "expired", productName: "E-book de Cultivo Avançado" });

    const renewed = (await renewAction(argsFor(old.url, buyer, "POST") as Parameters<typeof renewAction>[0])) as Response;
    expect(renewed.status).toBe(303);
    const fresh = new URL(renewed.headers.get("location")!, "http://localhost:3000");
    expect(fresh.pathname).toBe(`/download/${orderId}/${EBOOK}`);
    expect(Number(fresh.searchParams.get("expira")) * 1000).toBeGreaterThan(Date.now() + 23 * 3600_000);
    expect((await ctx.request(fresh.pathname + fresh.search, { browser: buyer })).status).toBe(200);
    // The stranger cannot make one for the buyer's order.
    await expect(renewAction(argsFor(old.url, stranger, "POST") as Parameters<typeof renewAction>[0])).rejects.toMatchObject({
      init: { status: 404 },
    });
  });

  it("sends a visitor to sign in and back", async () => {
    const link = signDownloadLink(ctx.t.services.config, { orderId, productId: EBOOK, userId: buyerId });
    const refused = await downloadLoader(argsFor(link.url, new Browser())).catch((thrown: unknown) => thrown);
    expect(refused).toBeInstanceOf(Response);
    expect((refused as Response).headers.get("location")).toBe(`/auth?next=${encodeURIComponent(link.url)}`);
  });
});
