// Issue 28 item 10 and its done-when: no owner screen scrolls sideways on a 390 px phone. After an
// edit of the shipping table, the dashboard once grew to 852 px (the audit entry's raw JSON); this
// journey makes such entries (the shipping table, a coupon, an order paid and delivered) and a server
// error with its stack, then opens
// every /admin/<secao>, the products editor, an order and every /maintenance-panel/<secao> at
// 390 px and measures the page's scrollWidth once what each screen loads has arrived.
import type { Page } from "@playwright/test";
import { expect, openPage, settle, test } from "./fixtures.ts";
import { uniqueEmail } from "./mail.ts";
import { deliveredCourseOrder, fromTheShop, signedInAdmin, signedInCustomer } from "./shop-steps.ts";
import { ADMIN_SECTIONS } from "../app/features/admin/admin-sections.ts";
import { MAINTENANCE_SECTIONS } from "../app/features/maintenance/maintenance-sections.ts";

const PASSWORD = "largura-do-celular-42";
const PHONE = { width: 390, height: 844 };

/**
 * An edit of the shipping table through the admin's API (one SEDEX price a cent dearer), then the
 * table as it was: two audit entries, and the quotes of journeys running beside this one unchanged
 * but for that instant.
 */
async function editShippingTable(admin: Page) {
  const read = await admin.request.get("/api/admin/shipping-rates");
  expect(read.status()).toBe(200);
  const table = (await read.json()) as { regions: Array<{ sedex: { priceCents: number } | null }> };
  const edited = structuredClone(table);
  const region = edited.regions.find((item) => item.sedex !== null)!;
  region.sedex!.priceCents += 1;
  for (const data of [edited, table]) {
    const saved = await admin.request.put("/api/admin/shipping-rates", { data, headers: fromTheShop });
    expect(saved.status(), await saved.text()).toBe(200);
  }
}

/** A coupon made and switched off: two more kinds of entry. */
async function createAndRetireCoupon(admin: Page) {
  const code = `LARGURA${Date.now().toString(36).toUpperCase()}`;
  const created = await admin.request.post("/api/admin/coupons", {
    data: { code, kind: "percent", value: 5, firstPurchaseOnly: false },
    headers: fromTheShop,
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const off = await admin.request.patch(`/api/admin/coupons/${id}`, { data: { active: false }, headers: fromTheShop });
  expect(off.status(), await off.text()).toBe(200);
}

/** The page's width once the screen's own data (read by the browser after hydration) has arrived. */
async function widthOf(page: Page, path: string): Promise<number> {
  await openPage(page, path);
  await expect(page.getByText(/^(Carregando|Lendo)[^…]*…$/)).toHaveCount(0, { timeout: 10_000 });
  await settle(page);
  return page.evaluate(() => document.documentElement.scrollWidth);
}

test("no owner screen is wider than a 390 px phone, after the audit log has entries", async ({ page, browser }) => {
  // About twenty page loads, each waiting for its data: a walk, with two cores shared.
  test.setTimeout(180_000);
  const customer = await (await browser.newContext()).newPage();
  await signedInCustomer(customer, uniqueEmail("largura-cliente"), PASSWORD);
  await signedInAdmin(page, PASSWORD);
  const orderId = await deliveredCourseOrder(customer, page);
  await createAndRetireCoupon(page);
  await editShippingTable(page);
  // A server error with its stack for the errors section (the page that fails on purpose).
  expect((await customer.request.get("/__teste/erro")).status()).toBe(500);

  await page.setViewportSize(PHONE);
  const paths = [
    ...ADMIN_SECTIONS.map((section) => (section === "painel" ? "/admin" : `/admin/${section}`)),
    "/customizar-produto",
    `/admin?order=${orderId}`,
    ...MAINTENANCE_SECTIONS.map((section) => `/maintenance-panel/${section}`),
  ];
  const tooWide: string[] = [];
  for (const path of paths) {
    const width = await widthOf(page, path);
    if (width > PHONE.width) tooWide.push(`${path}: ${width} px`);
  }
  expect(tooWide, "telas mais largas que o celular").toEqual([]);

  // The log says what changed in words, never the table's JSON (journeys beside this one add
  // entries too, so the whole log's first page is read rather than the dashboard's five).
  await openPage(page, "/admin/auditoria");
  const log = page.getByRole("main");
  await expect(log).toContainText(/Frete SEDEX para CEP \d{5}-\d{3} a \d{5}-\d{3}: R\$\s[\d.,]+\s*→\s*para R\$\s[\d.,]+/);
  await expect(log).not.toContainText("priceCents");
  await expect(log).not.toContainText("{");
});
