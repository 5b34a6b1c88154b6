import { describe, expect, it } from "vitest";
import { bestSellers } from "#domain/catalog/best-sellers.ts";

// The previous shop's figures and the verified reviews both count as being rated, never shown summed.
const product = (id: number, count: number, purchasable = true) => ({
  id,
  purchasable,
  ratings: { verified: { average: 5, count: count % 7 }, imported: { average: 4.8, count: count - (count % 7) } },
});

describe("the home's best sellers", () => {
  it("are the most rated products one can buy, four of them, ties in the catalogue's order", () => {
    const products = [product(1, 900, false), product(2, 10), product(3, 500), product(4, 731), product(5, 500), product(6, 12)];
    expect(bestSellers(products).map((entry) => entry.id)).toEqual([4, 3, 5, 6]);
  });

  it("are fewer when fewer products can be bought", () => {
    expect(bestSellers([product(1, 3, false), product(2, 1)]).map((entry) => entry.id)).toEqual([2]);
  });
});
