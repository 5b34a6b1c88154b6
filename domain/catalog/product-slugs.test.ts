import { describe, expect, it } from "vitest";
import {
  CATEGORY_IDS,
  FIXED_PRODUCT_SLUGS,
  isKnownProductSlug,
  PRODUCT_SLUGS,
  productIdForSlug,
  productUuid,
  SLUG_ALIASES,
} from "#domain/catalog/product-slugs.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe("productUuid", () => {
  it("pads the numeric id to three digits after the fixed prefix (spec §3)", () => {
    expect(productUuid(1)).toBe("550e8400-e29b-41d4-a716-446655440001");
    expect(productUuid(4)).toBe("550e8400-e29b-41d4-a716-446655440004");
    expect(productUuid(101)).toBe("550e8400-e29b-41d4-a716-446655440101");
    expect(productUuid(203)).toBe("550e8400-e29b-41d4-a716-446655440203");
  });

  it("gives every product a distinct, well-formed UUID", () => {
    const ids = Object.keys(PRODUCT_SLUGS).map(Number);
    const uuids = ids.map(productUuid);
    for (const uuid of uuids) expect(uuid).toMatch(UUID);
    expect(new Set(uuids).size).toBe(ids.length);
  });
});

describe("product slugs", () => {
  it("has the fifteen products of the spec, each category pointing at known ids", () => {
    expect(Object.keys(PRODUCT_SLUGS)).toHaveLength(15);
    for (const ids of Object.values(CATEGORY_IDS)) {
      for (const id of ids) expect(PRODUCT_SLUGS[id], `id ${id}`).toBeDefined();
    }
    expect(new Set(Object.values(PRODUCT_SLUGS)).size).toBe(15);
  });

  it("lists the nine fixed slugs that share the dynamic product page", () => {
    expect([...FIXED_PRODUCT_SLUGS].sort()).toEqual(
      [
        "cultura-liquida-golden-teacher",
        "cultura-liquida-penis-envy-7",
        "cultura-liquida-penis-envy-albino",
        "cogumelo-golden-teacher",
        "cogumelo-penis-envy-7",
        "cogumelo-penis-envy-albino",
        "spawn-cogumelo-golden-teacher",
        "spawn-cogumelo-penis-envy-7",
        "spawn-cogumelo-penis-envy-albino",
      ].sort(),
    );
  });

  it("maps each slug back to its numeric id", () => {
    for (const [id, slug] of Object.entries(PRODUCT_SLUGS)) expect(productIdForSlug(slug)).toBe(Number(id));
    expect(productIdForSlug("nao-existe")).toBeUndefined();
    expect(isKnownProductSlug("consultoria-cultivo")).toBe(true);
    expect(isKnownProductSlug("nao-existe")).toBe(false);
  });
});

describe("SLUG_ALIASES", () => {
  it("maps every alias to a known canonical slug, never to itself nor from a canonical slug", () => {
    expect(SLUG_ALIASES.size).toBeGreaterThan(0);
    for (const [alias, canonical] of SLUG_ALIASES) {
      expect(isKnownProductSlug(canonical), `${alias} → ${canonical}`).toBe(true);
      // A canonical slug that also redirected would loop or hide a product page.
      expect(isKnownProductSlug(alias), alias).toBe(false);
    }
  });

  it.each([
    ["cultura-liquida-gt", "cultura-liquida-golden-teacher"],
    ["cultura-liquida-pe", "cultura-liquida-penis-envy-7"],
    ["cultura-liquida-ape", "cultura-liquida-penis-envy-albino"],
    ["psilocybe-cubensis-gt", "cogumelo-golden-teacher"],
    ["psilocybe-cubensis-golden-teacher", "cogumelo-golden-teacher"],
    ["psilocybe-cubensis-pe", "cogumelo-penis-envy-7"],
    ["psilocybe-cubensis-penis-envy-7", "cogumelo-penis-envy-7"],
    ["psilocybe-cubensis-ape", "cogumelo-penis-envy-albino"],
    ["psilocybe-cubensis-penis-envy-albino", "cogumelo-penis-envy-albino"],
    ["spawn-psilocybe-cubensis-gt", "spawn-cogumelo-golden-teacher"],
    ["spawn-psilocybe-cubensis-pe", "spawn-cogumelo-penis-envy-7"],
    ["spawn-psilocybe-cubensis-ape", "spawn-cogumelo-penis-envy-albino"],
    ["comprar-spawn-gt", "spawn-cogumelo-golden-teacher"],
    ["comprar-spawn-pe", "spawn-cogumelo-penis-envy-7"],
    ["comprar-spawn-ape", "spawn-cogumelo-penis-envy-albino"],
  ])("redirects the spec example %s to %s", (alias, canonical) => {
    expect(SLUG_ALIASES.get(alias)).toBe(canonical);
  });

  it("keeps the product line of the alias (a culture alias never lands on spawn or dried)", () => {
    for (const [alias, canonical] of SLUG_ALIASES) {
      if (alias.startsWith("cultura-liquida-")) expect(canonical).toMatch(/^cultura-liquida-/);
      else if (alias.includes("spawn")) expect(canonical).toMatch(/^spawn-cogumelo-/);
      else expect(canonical).toMatch(/^cogumelo-/);
    }
  });
});
