import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders } from "#platform/db/tables/orders.ts";
import { getProductPage, listProducts } from "#domain/catalog/catalog.server.ts";
import { FIXED_PRODUCT_SLUGS, productUuid } from "#domain/catalog/product-slugs.ts";
import type { EditableProduct } from "#domain/catalog/product-edit-schemas.ts";
import type { ProductCreateInput } from "#domain/catalog/product-create-schemas.ts";
import type { GoLiveReport } from "#domain/settings/go-live-rules.ts";
import { auditEntries } from "#test/audit.ts";
import { Browser, createAuthTestContext, PUBLIC_URL, uniqueEmail, type AuthTestContext } from "#test/auth-helpers.ts";
import { orderWithoutShipping } from "#test/builders.ts";
import { samplePhoto } from "#test/sample-images.ts";

/*
 * Issue 28 item 4 (decisions 061 and 062) on a real PostgreSQL: the owner creates a product from
 * scratch or by duplicating one, hides, lists and retires it (orders keep their lines), and uploads
 * a digital product's PDF, checked by its content and size, which buyers then download; the owner
 * sees which orders downloaded it, and the go-live check finds the file in the storage.
 */

const ADMIN_EMAIL = uniqueEmail("dona-produtos");
type ErrorBody = { error: { code: string; message: string } };

let ctx: AuthTestContext;
let dataDir: string;
let admin: Browser;
let customer: Browser;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "catalog-create-test-"));
  ctx = await createAuthTestContext({ DATA_DIR: dataDir });
  await ctx.makeAdmin(ADMIN_EMAIL);
  admin = await ctx.customer(ADMIN_EMAIL, new Browser("203.0.113.240"));
  customer = await ctx.customer(uniqueEmail("cliente-novo-produto"), new Browser("203.0.113.241"));
}, 90_000);
afterAll(async () => {
  await ctx?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

const KIT_INPUT: ProductCreateInput = {
  category: "culturas",
  kind: "unit",
  name: "Kit de cultura líquida Lion's Mane",
  subtitle: "Seringa estéril de 10 mL",
  description: "Cultura líquida em seringa estéril de 10 mL, para pesquisa e coleção por maiores de 18 anos.",
  keyPoints: ["Seringa de 10 mL"],
  badge: "Novo",
  priceCents: 99_90,
  stock: 12,
  weightGrams: 180,
  lengthCm: 20,
  widthCm: 10,
  heightCm: 5,
};

const create = (json: unknown, browser: Browser | undefined = admin) => ctx.request("/api/admin/products", { json, browser });

async function created(json: ProductCreateInput): Promise<EditableProduct> {
  const response = await create(json);
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as EditableProduct;
}

async function errorOf(response: Response) {
  return { status: response.status, ...((await response.json()) as ErrorBody).error };
}

const patch = (product: EditableProduct, json: Record<string, unknown>) =>
  ctx.request(`/api/admin/products/${product.uuid}`, { method: "PATCH", json: { version: product.version, ...json }, browser: admin });

async function patched(product: EditableProduct, json: Record<string, unknown>): Promise<EditableProduct> {
  const response = await patch(product, json);
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as EditableProduct;
}

const addToCart = (product: { uuid: string }, browser = new Browser("203.0.113.242")) =>
  ctx.request("/api/cart/items", { json: { productId: product.uuid, quantity: 1 }, browser });

const shownSlugs = async () => (await listProducts(ctx.t.db, PUBLIC_URL)).map((product) => product.slug);
const page = (slug: string) => getProductPage(ctx.t.db, slug, PUBLIC_URL, FIXED_PRODUCT_SLUGS);
async function searched(query: string): Promise<string[]> {
  const response = await ctx.request(`/api/search?q=${encodeURIComponent(query)}`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { products: Array<{ route: string }> }).products.map((product) =>
    product.route.replace("/produto/", ""),
  );
}

describe("creating a product", () => {
  it("makes a hidden product of the chosen kind, with its address, sizes and an audit entry", async () => {
    const product = await created(KIT_INPUT);
    expect(product).toMatchObject({
      slug: "kit-de-cultura-liquida-lion-s-mane",
      route: "/produto/kit-de-cultura-liquida-lion-s-mane",
      category: "culturas",
      kind: "unit",
      unitType: "unit",
      needsShipping: true,
      priceCents: 99_90,
      stock: 12,
      badge: "Novo",
      weightGrams: 180,
      lengthCm: 20,
      visibility: "hidden",
      purchasable: false,
      downloadFile: null,
    });
    expect(product.id).toBeGreaterThan(1000);
    const audit = await auditEntries(ctx, admin, "product", product.uuid);
    expect(audit.map((entry) => entry.action)).toContain("product.create");

    // Hidden: in no list or search, its link is a 404 and nobody can buy it.
    expect(await shownSlugs()).not.toContain(product.slug);
    expect(await searched("Lion's Mane")).not.toContain(product.slug);
    expect(await page(product.slug)).toBeUndefined();
    expect((await errorOf(await addToCart(product))).code).toBe("product_unavailable");

    // Listed: on the home, in the search, its page answers, and it is sold.
    const listed = await patched(product, { visibility: "listed" });
    expect(listed).toMatchObject({ visibility: "listed", purchasable: true });
    expect(await shownSlugs()).toContain(product.slug);
    expect(await searched("Lion's Mane")).toContain(product.slug);
    expect((await page(product.slug))?.name).toBe(KIT_INPUT.name);
    expect((await addToCart(product)).status).toBe(201);
  });

  it("maps each kind to how it is sold: by grams with the spec's table, made to order, service, digital", async () => {
    const gram = await created({
      ...KIT_INPUT,
      category: "desidratados",
      kind: "gram",
      name: "Amostra Lion's Mane",
      priceCents: null,
      stock: 200,
    });
    expect(gram).toMatchObject({ kind: "gram", unitType: "gram", priceCents: null, priceTable: null, stock: 200 });
    const spawn = await created({
      ...KIT_INPUT,
      category: "spawn",
      kind: "made_to_order",
      name: "Spawn Lion's Mane",
      stock: null,
      leadTimeBusinessDays: 10,
    });
    expect(spawn).toMatchObject({ kind: "made_to_order", madeToOrder: true, leadTimeBusinessDays: 10, needsShipping: true });
    const service = await created({
      ...KIT_INPUT,
      category: "consultoria",
      kind: "service",
      name: "Consultoria express",
      stock: null,
      accessInstructions: "Responda o e-mail do pedido para marcar o horário.",
    });
    expect(service).toMatchObject({ kind: "service", needsShipping: false, stock: null });
    const ebook = await created({ ...KIT_INPUT, category: "aprender", kind: "digital", name: "E-book de substratos", stock: null });
    expect(ebook).toMatchObject({ kind: "digital", needsShipping: false, downloadFile: "e-book-de-substratos.pdf" });
  });

  it("refuses a taken address with a 409 in Portuguese, and invalid fields with a 400", async () => {
    await created({ ...KIT_INPUT, name: "Kit endereço único", slug: "kit-endereco-unico" });
    const taken = await errorOf(await create({ ...KIT_INPUT, name: "Outro kit qualquer", slug: "kit-endereco-unico" }));
    expect(taken).toMatchObject({ status: 409, code: "product_slug_taken" });
    expect(taken.message).toContain("/produto/kit-endereco-unico já é de outro produto");
    // The spec's own product addresses are taken too.
    expect((await errorOf(await create({ ...KIT_INPUT, name: "Kit repetido", slug: "cogumelo-golden-teacher" }))).status).toBe(409);
    expect((await errorOf(await create({ ...KIT_INPUT, name: KIT_INPUT.name, slug: "outro-endereco" }))).code).toBe("product_name_taken");

    const noPrice = await errorOf(await create({ ...KIT_INPUT, name: "Kit sem preço", priceCents: null }));
    expect(noPrice).toMatchObject({ status: 400, message: expect.stringContaining("Informe o preço") });
    const noLead = await errorOf(await create({ ...KIT_INPUT, kind: "made_to_order", name: "Spawn sem prazo", stock: null }));
    expect(noLead.message).toContain("prazo de produção");
    const badSlug = await errorOf(await create({ ...KIT_INPUT, name: "Kit endereço ruim", slug: "Endereço Com Espaço" }));
    expect(badSlug).toMatchObject({ status: 400, message: expect.stringContaining("Endereço") });
    const heavy = await errorOf(await create({ ...KIT_INPUT, name: "Kit pesado", weightGrams: 100_000 }));
    expect(heavy.message).toContain("Peso");
  });

  it("is for admins only: 403 for a customer, 401 for a visitor", async () => {
    expect((await create({ ...KIT_INPUT, name: "Kit do cliente" }, customer)).status).toBe(403);
    expect((await create({ ...KIT_INPUT, name: "Kit do visitante" }, new Browser())).status).toBe(401);
  });
});

describe("duplicating a product", () => {
  it("copies texts, price, sizes and photos into a hidden product with a free name and address", async () => {
    const source = await created({ ...KIT_INPUT, name: "Kit para duplicar" });
    const form = new FormData();
    form.set("file", new File([new Uint8Array(await samplePhoto("jpeg", "#14532d"))], "foto.jpg", { type: "image/jpeg" }));
    expect((await ctx.request(`/api/admin/products/${source.uuid}/images`, { browser: admin, body: form })).status).toBe(201);

    const response = await ctx.request(`/api/admin/products/${source.uuid}/duplicate`, { method: "POST", browser: admin });
    expect(response.status, await response.clone().text()).toBe(201);
    const copy = (await response.json()) as EditableProduct;
    expect(copy).toMatchObject({
      name: "Kit para duplicar (cópia)",
      slug: "kit-para-duplicar-copia",
      description: source.description,
      priceCents: source.priceCents,
      stock: source.stock,
      weightGrams: 180,
      visibility: "hidden",
      image: (await (await ctx.request(`/api/admin/products/${source.uuid}`, { browser: admin })).json()).image,
    });
    expect(copy.uuid).not.toBe(source.uuid);
    const again = (await (
      await ctx.request(`/api/admin/products/${source.uuid}/duplicate`, { method: "POST", browser: admin })
    ).json()) as EditableProduct;
    expect(again.slug).toBe("kit-para-duplicar-copia-2");
    expect((await auditEntries(ctx, admin, "product", copy.uuid)).map((entry) => entry.action)).toContain("product.duplicate");
    expect((await ctx.request(`/api/admin/products/${source.uuid}/duplicate`, { method: "POST", browser: customer })).status).toBe(403);
  });
});

describe("retiring a product", () => {
  it("takes it off the shop while its orders keep their lines", async () => {
    const course = await patched(
      await created({ ...KIT_INPUT, category: "aprender", kind: "service", name: "Curso a retirar", stock: null }),
      { visibility: "listed" },
    );
    const orderId = await orderWithoutShipping(ctx, customer, course.id, ["paid"], admin);

    const retired = await patched(course, { visibility: "retired" });
    expect(retired).toMatchObject({ visibility: "retired", purchasable: false });
    expect(await shownSlugs()).not.toContain(course.slug);
    expect(await page(course.slug)).toBeUndefined();
    expect((await errorOf(await addToCart(course))).code).toBe("product_unavailable");

    // The order still reads whole, for the owner and for the customer.
    const forOwner = await ctx.request(`/api/admin/orders/${orderId}`, { browser: admin });
    expect(forOwner.status).toBe(200);
    expect(JSON.stringify(await forOwner.json())).toContain("Curso a retirar");
    const forCustomer = await ctx.request(`/api/orders/${orderId}`, { browser: customer });
    expect(forCustomer.status).toBe(200);
    expect(JSON.stringify(await forCustomer.json())).toContain("Curso a retirar");

    // The owner's list keeps it, last.
    const list = (await (await ctx.request("/api/admin/products", { browser: admin })).json()) as { products: EditableProduct[] };
    expect(list.products.at(-1)!.visibility).toBe("retired");
  });
});

const PDF = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n", "latin1");

function pdfForm(bytes: Uint8Array, name = "ebook.pdf", type = "application/pdf"): FormData {
  const form = new FormData();
  form.set("file", new File([new Uint8Array(bytes)], name, { type }));
  return form;
}
const uploadFile = (product: { uuid: string }, body: BodyInit, browser: Browser | undefined = admin, headers?: Record<string, string>) =>
  ctx.request(`/api/admin/products/${product.uuid}/file`, { browser, body, headers });

async function goLiveDigital(): Promise<{ ok: boolean; detail: string }> {
  const report = (await (await ctx.request("/api/admin/go-live", { browser: admin })).json()) as GoLiveReport;
  return report.items.find((item) => item.id === "digital_files")!;
}

describe("a digital product's file", () => {
  it("takes a PDF, which the buyer then downloads; the owner sees the orders that downloaded it", async () => {
    const ebook = await patched(
      await created({ ...KIT_INPUT, category: "aprender", kind: "digital", name: "E-book de esterilização", stock: null }),
      { visibility: "listed" },
    );
    expect((await goLiveDigital()).detail).toContain("E-book de esterilização");

    const uploaded = await uploadFile(ebook, pdfForm(PDF));
    expect(uploaded.status, await uploaded.clone().text()).toBe(200);
    expect(await uploaded.json()).toMatchObject({ fileName: "e-book-de-esterilizacao.pdf", uploaded: true });
    expect((await goLiveDigital()).detail).not.toContain("E-book de esterilização");
    const audit = await auditEntries(ctx, admin, "product", ebook.uuid);
    expect(audit.map((entry) => entry.action)).toContain("product.file_upload");

    const orderId = await orderWithoutShipping(ctx, customer, ebook.id, ["paid"], admin);
    const deliveries = (await (await ctx.request(`/api/orders/${orderId}/deliveries`, { browser: customer })).json()) as {
      items: Array<{ download: { url: string } | null }>;
    };
    const link = deliveries.items[0]!.download!.url;
    const file = await ctx.request(link, { browser: customer });
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).equals(PDF)).toBe(true);

    // Replaced: the same link now gives the new file.
    const newer = Buffer.concat([PDF, Buffer.from("% segunda edição\n", "latin1")]);
    expect((await uploadFile(ebook, pdfForm(newer))).status).toBe(200);
    expect(Buffer.from(await (await ctx.request(link, { browser: customer })).arrayBuffer()).equals(newer)).toBe(true);

    const list = await ctx.request(`/api/admin/products/${ebook.uuid}/downloads`, { browser: admin });
    expect(list.status).toBe(200);
    const { downloads } = (await list.json()) as { downloads: Array<{ orderId: string; orderNumber: number; times: number }> };
    expect(downloads).toHaveLength(1);
    expect(downloads[0]).toMatchObject({ orderId, times: 2 });
    expect(downloads[0]!.orderNumber).toBeGreaterThan(0);
    // The number the owner reads ("#10001"), which orders gives the download list (decision 048).
    const [order] = await ctx.t.db.select({ number: orders.number }).from(orders).where(eq(orders.id, orderId));
    expect(downloads[0]!.orderNumber).toBe(order!.number);
    expect((await ctx.request(`/api/admin/products/${ebook.uuid}/downloads`, { browser: customer })).status).toBe(403);
  });

  it("refuses what is not a PDF by its content, a file over 50 MB, a product that ships, and non-admins", async () => {
    const ebook = await created({ ...KIT_INPUT, category: "aprender", kind: "digital", name: "E-book recusas", stock: null });
    // A text file named .pdf and sent as application/pdf is still not a PDF.
    const text = await errorOf(await uploadFile(ebook, pdfForm(Buffer.from("isto não é um PDF"), "ebook.pdf")));
    expect(text).toMatchObject({ status: 415, code: "not_a_pdf", message: expect.stringContaining("não é um PDF") });
    const png = await errorOf(await uploadFile(ebook, pdfForm(await samplePhoto("png", "#000000"), "ebook.pdf")));
    expect(png.status).toBe(415);

    const tooBig = new Uint8Array(50 * 1024 * 1024 + 1);
    tooBig.set(PDF);
    const big = await errorOf(await uploadFile(ebook, pdfForm(tooBig)));
    expect(big).toMatchObject({ status: 413, message: expect.stringContaining("50 MB") });
    // Announced larger than the limit: refused from the header, before the body is read.
    const announced = await uploadFile(ebook, "x", admin, {
      "content-type": "multipart/form-data; boundary=x",
      "content-length": String(60 * 1024 * 1024),
    });
    expect(announced.status).toBe(413);

    const kit = { uuid: productUuid(4) };
    expect((await errorOf(await uploadFile(kit, pdfForm(PDF)))).code).toBe("product_not_digital");
    expect((await uploadFile(ebook, pdfForm(PDF), customer)).status).toBe(403);
    expect((await uploadFile(ebook, pdfForm(PDF), new Browser())).status).toBe(401);
    expect((await (await ctx.request(`/api/admin/products/${ebook.uuid}/file`, { browser: admin })).json()).uploaded).toBe(false);
  });
});
