// The product page's rendered HTML is kept in memory for visitors (decision 035): an admin's edit
// shows on the next visit, a photo too, and nobody ever gets a page rendered for someone else.
// Runs with the owner's edits (playwright.config.ts, OWNER_EDITS): it changes products for everyone.
import type { APIRequestContext } from "@playwright/test";
import { CATALOG } from "../domain/catalog/catalog-seed.ts";
import { formatBRL } from "../domain/pricing/money.ts";
import { productUuid } from "../domain/catalog/product-slugs.ts";
import { samplePhoto } from "../test/sample-images.ts";
import { expect, openPage, test } from "./fixtures.ts";
import { uniqueEmail } from "./mail.ts";
import { fromTheShop, signedInAdmin, signedInCustomer } from "./shop-steps.ts";

const PASSWORD = "pagina-guardada-42";
/** Products no other journey edits: the workshop (a price of its own) and Spawn Golden Teacher (photos). */
const WORKSHOP = CATALOG.find((entry) => entry.id === 203)!;
const SPAWN = CATALOG.find((entry) => entry.id === 7)!;

/** The page as a visitor without any cookie gets it (twice: the second comes from memory). */
async function visitorHtml(request: APIRequestContext, path: string): Promise<string> {
  await request.get(path);
  const response = await request.get(path);
  expect(response.status()).toBe(200);
  return response.text();
}

// `request`: a visitor of its own, with no cookie (the admin's are in `page`'s context).
test("an admin's edit of a product's name and price shows on the visitor's very next page", async ({ page, request }) => {
  await signedInAdmin(page, PASSWORD);
  const path = WORKSHOP.route;
  expect(await visitorHtml(request, path)).toContain(`>${WORKSHOP.name}<`);

  const current = await (await page.request.get(`/api/admin/products/${productUuid(203)}`)).json();
  const edited = await page.request.patch(`/api/admin/products/${productUuid(203)}`, {
    headers: fromTheShop,
    data: { version: current.version, name: "Workshop de Técnicas (turma nova)", priceCents: 123_45 },
  });
  expect(edited.status(), await edited.text()).toBe(200);

  const html = await visitorHtml(request, path);
  expect(html).toContain(">Workshop de Técnicas (turma nova)<");
  expect(html).toContain(formatBRL(123_45));
  expect(html).not.toContain(`>${WORKSHOP.name}<`);
});

test("a photo the admin sends becomes the product page's main picture on the next visit", async ({ page, request }) => {
  await signedInAdmin(page, PASSWORD);
  const before = await visitorHtml(request, SPAWN.route);
  expect(before).not.toMatch(/\/uploads\/products\//);
  const sent = await page.request.post(`/api/admin/products/${productUuid(7)}/images`, {
    headers: fromTheShop,
    multipart: {
      file: { name: "foto.jpg", mimeType: "image/jpeg", buffer: await samplePhoto("jpeg", "#7c2d12", { width: 800, height: 600 }) },
    },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  expect(await visitorHtml(request, SPAWN.route)).toMatch(/\/uploads\/products\/[0-9a-f]{32}-800\.webp/);
});

test("a signed-in customer never gets a visitor's kept page, and a visitor never gets the customer's", async ({
  page,
  request,
  browser,
}) => {
  const path = "/produto/cogumelo-penis-envy-7";
  const email = uniqueEmail("pagina-guardada");
  const label = email.split("@")[0]!;
  // A visitor's page is kept first…
  expect(await visitorHtml(request, path)).not.toContain(label);
  // …the customer still sees their own name in the header, as the server rendered it…
  await signedInCustomer(page, email, PASSWORD);
  await openPage(page, path);
  await expect(
    page
      .getByRole("banner")
      .getByRole("button", { name: `Conta de ${label}` })
      .first(),
  ).toBeAttached();
  expect(await (await page.request.get(path)).text()).toContain(label);
  // …and a visitor coming after them (another browser, nothing signed in) gets no trace of them.
  const visitorContext = await browser.newContext();
  try {
    const html = await visitorHtml(visitorContext.request, path);
    expect(html).not.toContain(label);
    expect(html).not.toContain(email);
    const visitor = await visitorContext.newPage();
    await visitor.addInitScript(() => localStorage.setItem("ageAndCookiesAccepted", "true"));
    await openPage(visitor, path);
    await expect(visitor.getByRole("banner").getByRole("link", { name: "Entrar" }).first()).toBeAttached();
  } finally {
    await visitorContext.close();
  }
});

test("each response carries its own CSP nonce, also when the page comes from memory", async ({ request }) => {
  const nonces = new Set<string>();
  for (let visit = 0; visit < 3; visit++) {
    const response = await request.get("/produto/cogumelo-penis-envy-7");
    const header = /'nonce-([^']+)'/.exec(response.headers()["content-security-policy"] ?? "")?.[1];
    expect(header).toBeTruthy();
    const html = await response.text();
    // Every nonce in the page is the one its header allows.
    expect(new Set([...html.matchAll(/nonce="([^"]+)"/g)].map((match) => match[1]))).toEqual(new Set([header]));
    nonces.add(header!);
  }
  expect(nonces.size).toBe(3);
});
