import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { productCatalog, products } from "#platform/db/tables/catalog.ts";
import { setUpTestDatabase } from "#test/database.ts";
import { DEFAULT_PRODUCT_IMAGE } from "#domain/catalog/catalog-fallback.ts";
import { findProductByName, forgetPricingProducts, getProductPage, listProducts } from "#domain/catalog/catalog.server.ts";
import { FIXED_PRODUCT_SLUGS, productUuid } from "#domain/catalog/product-slugs.ts";

const ORIGIN = "https://loja.example";
const t = setUpTestDatabase();

const builtIn = (slug: string) => `/images/products/${slug}-800.webp`;
const imageOf = async (numericId: number) => (await listProducts(t.db, ORIGIN)).find((product) => product.id === numericId)!.image;
const setDbImage = (numericId: number, image: string | null) =>
  t.db
    .update(productCatalog)
    .set({ image })
    .where(eq(productCatalog.id, productUuid(numericId)));

describe("listProducts", () => {
  it("lists the fifteen products in the spec's order with their starting prices and states", async () => {
    const list = await listProducts(t.db, ORIGIN);
    expect(list.map((product) => product.id)).toEqual([101, 102, 103, 3, 2, 1, 4, 5, 6, 7, 8, 9, 201, 202, 203]);
    const byId = new Map(list.map((product) => [product.id, product]));
    expect(byId.get(2)).toMatchObject({ startingPriceCents: 4000, purchasable: true, availability: "in_stock", unitType: "gram" });
    expect(byId.get(1)).toMatchObject({ startingPriceCents: 4000, purchasable: false, availability: "out_of_stock" });
    expect(byId.get(7)).toMatchObject({ startingPriceCents: 14990, availability: "made_to_order", leadTimeBusinessDays: 15 });
    expect(byId.get(102)).toMatchObject({
      startingPriceCents: 60000,
      needsShipping: false,
      ratings: { verified: { average: 0, count: 0 }, imported: { average: 5, count: 64 } },
    });
  });
});

describe("image resolution against the database (spec §4)", () => {
  it("uses the built-in image when product_catalog has none", async () => {
    expect(await imageOf(4)).toBe(builtIn("cultura-liquida-golden-teacher"));
  });

  it("uses a valid admin image: our uploads, /lovable-uploads/, http(s) links and our own origin", async () => {
    for (const image of ["/uploads/gt.webp", "/lovable-uploads/gt.png", "https://cdn.example/gt.jpg", `${ORIGIN}/outra/gt.png`]) {
      await setDbImage(4, image);
      expect(await imageOf(4)).toBe(image);
    }
  });

  it("ignores an invalid admin image and matches the built-in catalogue by name", async () => {
    await setDbImage(4, "javascript:alert(1)");
    expect(await imageOf(4)).toBe(builtIn("cultura-liquida-golden-teacher"));
    await setDbImage(4, "fotos/gt.png");
    expect(await imageOf(4)).toBe(builtIn("cultura-liquida-golden-teacher"));
  });

  it("matches by id when an admin renamed the product", async () => {
    await setDbImage(5, null);
    await t.db
      .update(products)
      .set({ name: "Cultura PE7 (edição limitada)" })
      .where(eq(products.id, productUuid(5)));
    expect(await imageOf(5)).toBe(builtIn("cultura-liquida-penis-envy-7"));
  });

  it("falls back to the default image for a product the built-in catalogue does not know", async () => {
    const [template] = await t.db
      .select()
      .from(products)
      .where(eq(products.id, productUuid(202)));
    const { createdAt: _c, updatedAt: _u, ...row } = template!;
    await t.db.insert(products).values({
      ...row,
      id: "9a1b2c3d-0000-4000-8000-000000000001",
      numericId: 999,
      slug: "guia-de-bolso",
      name: "Guia de bolso",
      route: "/produto/guia-de-bolso",
      sortOrder: 99,
    });
    expect(await imageOf(999)).toBe(DEFAULT_PRODUCT_IMAGE);
    // A product added by the admin is a product like any other: it has its (generic) page.
    const page = await getProductPage(t.db, "guia-de-bolso", ORIGIN, FIXED_PRODUCT_SLUGS);
    expect(page).toMatchObject({ name: "Guia de bolso", fixed: false, images: [DEFAULT_PRODUCT_IMAGE] });
  });
});

describe("getProductPage", () => {
  it("returns the texts, the gallery with the resolved image first, and whether the slug is one of the nine fixed ones", async () => {
    await setDbImage(2, "/uploads/pe7.webp");
    const page = await getProductPage(t.db, "cogumelo-penis-envy-7", ORIGIN, FIXED_PRODUCT_SLUGS);
    expect(page).toMatchObject({
      id: 2,
      fixed: true,
      priceCents: null,
      images: ["/uploads/pe7.webp", builtIn("detalhe-sache-2g")],
    });
    expect(page!.description).toMatch(/sachês de 2 g/);
    expect(page!.keyPoints.length).toBeGreaterThan(0);

    const generic = await getProductPage(t.db, "consultoria-cultivo", ORIGIN, FIXED_PRODUCT_SLUGS);
    expect(generic).toMatchObject({ fixed: false, priceCents: 25000, images: [builtIn("consultoria-cultivo")] });
    expect(await getProductPage(t.db, "nao-existe", ORIGIN, FIXED_PRODUCT_SLUGS)).toBeUndefined();
  });
});

describe("findProductByName", () => {
  it("finds a product whatever the case and outer spaces, and sees a rename once told to forget", async () => {
    forgetPricingProducts(t.db);
    expect(await findProductByName(t.db, "  MENTORIA de cultivo ")).toMatchObject({
      uuid: productUuid(102),
      unitType: "unit",
      priceCents: 60000,
    });
    await t.db
      .update(products)
      .set({ name: "Mentoria Premium" })
      .where(eq(products.id, productUuid(102)));
    forgetPricingProducts(t.db);
    expect(await findProductByName(t.db, "Mentoria de Cultivo")).toBeUndefined();
    expect(await findProductByName(t.db, "mentoria premium")).toMatchObject({ uuid: productUuid(102) });
  });
});
