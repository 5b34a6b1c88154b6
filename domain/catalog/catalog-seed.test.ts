import { existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CATALOG, SPAWN_LEAD_TIME_BUSINESS_DAYS, STARTING_PRICES_CENTS } from "#domain/catalog/catalog-seed.ts";
import { BUILT_IN_IMAGES, DEFAULT_PRODUCT_IMAGE } from "#domain/catalog/catalog-fallback.ts";
import { imageSrcSet, socialImage } from "#domain/catalog/image-resolution.ts";
import { CATEGORY_IDS, PRODUCT_SLUGS, productUuid } from "#domain/catalog/product-slugs.ts";

const byId = (id: number) => CATALOG.find((entry) => entry.id === id)!;
const publicFile = (url: string) => path.resolve("public", url.replace(/^\//, ""));

describe("the built-in catalogue (spec §3)", () => {
  it("has the fifteen products in the spec's category order, with their fixed UUIDs and slugs", () => {
    expect(CATALOG.map((entry) => entry.id)).toEqual([101, 102, 103, 3, 2, 1, 4, 5, 6, 7, 8, 9, 201, 202, 203]);
    expect(CATALOG.map((entry) => entry.id)).toEqual(Object.values(CATEGORY_IDS).flat());
    for (const entry of CATALOG) {
      expect(entry.uuid).toBe(productUuid(entry.id));
      expect(entry.slug).toBe(PRODUCT_SLUGS[entry.id]);
      expect(entry.route).toBe(`/produto/${entry.slug}`);
      expect((CATEGORY_IDS[entry.category] as readonly number[]).includes(entry.id), `${entry.id} in ${entry.category}`).toBe(true);
    }
  });

  it("gives every product a name, subtitle, description, key points, details and ratings", () => {
    for (const entry of CATALOG) {
      expect(entry.name.length, entry.slug).toBeGreaterThan(3);
      expect(entry.subtitle.length, entry.slug).toBeGreaterThan(5);
      expect(entry.description.length, entry.slug).toBeGreaterThan(80);
      expect(entry.keyPoints.length, entry.slug).toBeGreaterThanOrEqual(3);
      expect(entry.details.length, entry.slug).toBeGreaterThanOrEqual(3);
      expect(entry.ratings.average).toBeGreaterThanOrEqual(1);
      expect(entry.ratings.average).toBeLessThanOrEqual(5);
      expect(Number.isInteger(entry.ratings.count) && entry.ratings.count > 0).toBe(true);
    }
    expect(byId(2).ratings).toEqual({ average: 4.9, count: 731 });
  });

  it("uses label-with-value details for the liquid-culture kits and icon-with-text for the rest", () => {
    for (const entry of CATALOG) {
      const labelled = entry.category === "culturas";
      for (const detail of entry.details) expect("label" in detail, entry.slug).toBe(labelled);
    }
  });

  it("disables only the Golden Teacher sample", () => {
    expect(CATALOG.filter((entry) => entry.buttonDisabled).map((entry) => entry.id)).toEqual([1]);
  });

  it("sells dried samples by the gram (table price) and everything else by the unit at docs/requirements.md's starting prices", () => {
    const expected: Record<number, number | null> = {
      1: null,
      2: null,
      3: null,
      4: STARTING_PRICES_CENTS.kit,
      5: 8990,
      6: 8990,
      7: 14990,
      8: 14990,
      9: 14990,
      101: 25000,
      102: 60000,
      103: 90000,
      201: 29700,
      202: 4700,
      203: 19700,
    };
    for (const entry of CATALOG) {
      expect(entry.unitType, entry.slug).toBe(entry.category === "desidratados" ? "gram" : "unit");
      expect(entry.priceCents, entry.slug).toBe(expected[entry.id]);
    }
  });

  it("makes spawn to order in 15 business days, and keeps stock for the rest of the physical items", () => {
    for (const entry of CATALOG) {
      if (entry.category === "spawn") {
        expect(entry).toMatchObject({ madeToOrder: true, leadTimeBusinessDays: SPAWN_LEAD_TIME_BUSINESS_DAYS, stock: null });
      } else {
        expect(entry.madeToOrder).toBe(false);
        expect(entry.leadTimeBusinessDays).toBeNull();
      }
    }
    expect(SPAWN_LEAD_TIME_BUSINESS_DAYS).toBe(15);
  });

  it("ships physical items only: services and educational items need no shipping", () => {
    for (const entry of CATALOG) {
      expect(entry.needsShipping, entry.slug).toBe(!["consultoria", "aprender"].includes(entry.category));
    }
  });

  it("keeps the copy neutral: no dosage, consumption or effect claims (docs/requirements.md)", () => {
    const forbidden =
      /(?<!\p{L})(doses?|dosagem|microdos\p{L}*|consum\p{L}*|ingest\p{L}*|ingerir|efeitos?|psicod[eé]lic\p{L}*|alucin\p{L}*|trip|viagem|experi[eê]ncia|potente|potência|recreativ\p{L}*|medicinal|terap\p{L}*|chá)(?!\p{L})/iu;
    for (const claim of ["Sem dosagem", "um chá", "efeito forte", "para consumo"]) expect(claim).toMatch(forbidden);
    expect("Conserve refrigerado").not.toMatch(forbidden);
    for (const entry of CATALOG) {
      const text = [
        entry.name,
        entry.subtitle,
        entry.description,
        ...entry.keyPoints,
        entry.badge ?? "",
        ...entry.details.map((detail) => ("text" in detail ? detail.text : `${detail.label} ${detail.value}`)),
      ].join(" ");
      expect(text, entry.slug).not.toMatch(forbidden);
    }
  });
});

describe("the catalogue's images", () => {
  it("ships the lean fallback list with the same ids, names and images as the full catalogue", () => {
    expect(BUILT_IN_IMAGES.map(({ id, name, image }) => ({ id, name, image }))).toEqual(
      CATALOG.map(({ id, name, image }) => ({ id, name, image })),
    );
  });

  it("has every image file on disk: three widths and a social card for each picture, and the default image", () => {
    const pictures = new Set([...CATALOG.flatMap((entry) => entry.images), DEFAULT_PRODUCT_IMAGE]);
    for (const picture of pictures) {
      expect(existsSync(publicFile(picture)), picture).toBe(true);
      for (const candidate of imageSrcSet(picture)!.split(", ")) {
        expect(existsSync(publicFile(candidate.split(" ")[0]!)), candidate).toBe(true);
      }
      expect(existsSync(publicFile(socialImage(picture).url)), socialImage(picture).url).toBe(true);
    }
  });
});
