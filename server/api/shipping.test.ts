import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEntries } from "#test/audit.ts";
import { Browser, createAuthTestContext, uniqueEmail, type AuthTestContext } from "#test/auth-helpers.ts";
import type { ShippingTableView } from "#domain/shipping/shipping-table-schemas.ts";

/*
 * Issue 17 item 7 (decision 021): the owner edits the shipping table; the next quote follows it,
 * a table with gaps or bad values is refused with no change, and each change is in the audit log.
 * Who may edit it: server/api/catalog.test.ts ("who may edit"). The CEP lookup and the checkout's
 * quote: server/api/orders.test.ts.
 */

const ADMIN_EMAIL = uniqueEmail("admin-frete");

let ctx: AuthTestContext;
let admin: Browser;
beforeAll(async () => {
  ctx = await createAuthTestContext();
  await ctx.makeAdmin(ADMIN_EMAIL);
  admin = await ctx.customer(ADMIN_EMAIL, new Browser("203.0.113.220"));
}, 60_000);
afterAll(async () => ctx?.close());

type ErrorBody = { error: { code: string; message: string } };

const auditOf = (entityType: string, entityId: string) => auditEntries(ctx, admin, entityType, entityId);

describe("the shipping table", () => {
  async function table(): Promise<ShippingTableView> {
    const response = await ctx.request("/api/admin/shipping-rates", { browser: admin });
    expect(response.status).toBe(200);
    return (await response.json()) as ShippingTableView;
  }
  const put = (json: unknown) => ctx.request("/api/admin/shipping-rates", { method: "PUT", json, browser: admin });
  async function quote(cep: string) {
    const response = await ctx.request(`/api/shipping/quote?cep=${cep}`, { browser: new Browser("203.0.113.225") });
    expect(response.status).toBe(200);
    return ((await response.json()) as { options: Array<{ method: string; priceCents: number; deliveryDays: number }> }).options;
  }

  it("changes PAC's price and days for São Paulo in the next quote, and records before and after", async () => {
    const current = await table();
    const sp = current.regions.find((region) => region.cepFrom === "01000000")!;
    expect(sp).toMatchObject({ region: "SP", pac: { priceCents: 18_90, deliveryDays: 5 } });
    expect(await quote("01310100")).toContainEqual(expect.objectContaining({ method: "pac", priceCents: 18_90, deliveryDays: 5 }));

    const changed = {
      ...current,
      regions: current.regions.map((region) => (region === sp ? { ...region, pac: { priceCents: 21_50, deliveryDays: 4 } } : region)),
    };
    const response = await put(changed);
    expect(response.status).toBe(200);
    expect(await quote("01310100")).toContainEqual(expect.objectContaining({ method: "pac", priceCents: 21_50, deliveryDays: 4 }));
    expect(await table()).toEqual(changed);

    const [entry] = await auditOf("shipping_rate", "tabela");
    expect(entry).toMatchObject({
      actorEmail: ADMIN_EMAIL,
      action: "shipping_rate.update",
      before: {
        rates: [expect.objectContaining({ method: "pac", cepFrom: "01000000", priceCents: 18_90, deliveryDays: 5 })],
        weightBands: [],
      },
      after: {
        rates: [expect.objectContaining({ method: "pac", cepFrom: "01000000", priceCents: 21_50, deliveryDays: 4 })],
        weightBands: [],
      },
    });
  });

  it("changes a weight band's surcharge in the quote of a heavier parcel", async () => {
    const current = await table();
    const changed = {
      ...current,
      weightBands: {
        ...current.weightBands,
        sedex: current.weightBands.sedex.map((band) => ({ ...band, surchargeCents: band.surchargeCents + 1_00 })),
      },
    };
    const sedexBefore = (await quote("20040002")).find((option) => option.method === "sedex")!;
    expect((await put(changed)).status).toBe(200);
    expect((await quote("20040002")).find((option) => option.method === "sedex")!.priceCents).toBe(sedexBefore.priceCents + 1_00);
  });

  it("refuses, in Portuguese and with no change, gaps and overlaps between CEP regions, negative prices, zero days and bands out of order", async () => {
    const current = await table();
    const [first, second, ...rest] = current.regions;
    const cases: Array<[unknown, RegExp]> = [
      [
        { ...current, regions: [first, { ...second!, cepFrom: "20000010" }, ...rest] },
        /devem ser contíguas: depois de 19999-999 \(SP\) a próxima região deve começar em 20000-000/,
      ],
      [{ ...current, regions: [first, { ...second!, cepFrom: "19000000" }, ...rest] }, /se sobrepõem/],
      [
        { ...current, regions: [{ ...first!, pac: { priceCents: -1, deliveryDays: 5 } }, second, ...rest] },
        /Preço do frete: não pode ser negativo/,
      ],
      [
        { ...current, regions: [{ ...first!, sedex: { priceCents: 10_00, deliveryDays: 0 } }, second, ...rest] },
        /Prazo de entrega: pelo menos 1 dia/,
      ],
      [
        { ...current, weightBands: { ...current.weightBands, pac: [...current.weightBands.pac].reverse() } },
        /Faixas de peso do PAC: cada faixa deve ir até um peso maior/,
      ],
      [{ ...current, regions: [] }, /Informe pelo menos uma região/],
    ];
    const before = await auditOf("shipping_rate", "tabela");
    for (const [json, message] of cases) {
      const response = await put(json);
      expect(response.status, JSON.stringify(json).slice(0, 200)).toBe(400);
      expect(((await response.json()) as ErrorBody).error.message).toMatch(message);
    }
    expect(await table()).toEqual(current);
    expect(await auditOf("shipping_rate", "tabela")).toHaveLength(before.length);
  });
});
