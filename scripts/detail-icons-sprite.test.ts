import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { CATALOG } from "#domain/catalog/catalog-seed.ts";
import { SPRITE_FILE, detailIconsSprite } from "./detail-icons-sprite.ts";

describe("the product details' icon sprite (decision 035)", () => {
  it("is lucide's drawings as the generator writes them (run `node scripts/detail-icons-sprite.ts` after a lucide update)", async () => {
    expect(readFileSync(SPRITE_FILE, "utf8")).toBe(await detailIconsSprite());
  });

  it("has a symbol for every icon the catalogue's details name", () => {
    const sprite = readFileSync(SPRITE_FILE, "utf8");
    const named = new Set(CATALOG.flatMap((product) => product.details.flatMap((detail) => ("icon" in detail ? [detail.icon] : []))));
    expect(named.size).toBeGreaterThan(0);
    for (const icon of named) expect(sprite, icon).toContain(`<symbol id="${icon}" `);
  });
});
