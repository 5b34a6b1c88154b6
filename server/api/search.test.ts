import { describe, expect, it } from "vitest";
import { SEARCH_QUERY_MAX_LENGTH } from "#domain/search/search-rules.ts";
import type { SearchResult } from "#domain/search/search-schemas.ts";
import { setUpTestApp } from "#test/test-app.ts";

const ctx = setUpTestApp();

const ENGLISH = /\b(invalid|expected|unrecognized|required|received|error|not found|too (big|small)|must|string|option)\b/i;

async function search(query: string): Promise<SearchResult> {
  const response = await ctx.app.request(`/api/search?${query}`);
  expect(response.status, query).toBe(200);
  return (await response.json()) as SearchResult;
}

const namesFor = async (q: string) => (await search(`q=${encodeURIComponent(q)}`)).products.map((product) => product.name);

describe("GET /api/search", () => {
  it("ignores accents and case, both in the query and in the catalogue", async () => {
    const liquidCultures = ["Cultura Líquida Golden Teacher", "Cultura Líquida Penis Envy 7", "Cultura Líquida Penis Envy Albino"];
    for (const query of ["cultura liquida", "CULTURA LÍQUIDA", "Cultura Liquída", "cultura   líquida  "]) {
      expect((await namesFor(query)).slice(0, 3).sort(), query).toEqual(liquidCultures);
    }
    expect((await namesFor("DOMESTICO"))[0]).toBe("Curso de Cultivo Doméstico");
    expect((await namesFor("tecnicas profissionais"))[0]).toBe("Workshop de Técnicas Profissionais");
  });

  it("finds every product whose name has the words, and puts names before mere mentions in the texts", async () => {
    const names = await namesFor("albino");
    expect(names.slice(0, 3).sort()).toEqual([
      "Cogumelo Penis Envy Albino",
      "Cultura Líquida Penis Envy Albino",
      "Spawn Penis Envy Albino",
    ]);

    // "cultivo": the five products with it in their name lead; products that only mention it follow.
    const cultivo = await namesFor("cultivo");
    const inName = cultivo.filter((name) => /cultivo/i.test(name));
    expect(inName.length).toBeGreaterThanOrEqual(5);
    expect(cultivo.slice(0, inName.length)).toEqual(inName);
  });

  it("ranks the product named by the whole query first", async () => {
    expect((await namesFor("spawn golden teacher"))[0]).toBe("Spawn Golden Teacher");
    expect((await namesFor("golden teacher cultura"))[0]).toBe("Cultura Líquida Golden Teacher");
    // Every word must be found: the kits of other strains are not results.
    expect(await namesFor("cultura golden")).not.toContain("Cultura Líquida Penis Envy 7");
  });

  it("forgives a plural and a typo in a longer word", async () => {
    expect((await namesFor("cogumelos")).filter((name) => name.startsWith("Cogumelo"))).toHaveLength(3);
    expect((await namesFor("cogumleo golden"))[0]).toBe("Cogumelo Golden Teacher");
  });

  it("answers the product cards, without the long texts", async () => {
    const [first] = (await search("q=workshop")).products;
    expect(first).toMatchObject({
      name: "Workshop de Técnicas Profissionais",
      route: "/produto/workshop-tecnicas-profissionais",
      purchasable: true,
    });
    expect(first).toHaveProperty("startingPriceCents");
    expect(first).not.toHaveProperty("description");
  });

  it("an empty query finds nothing (the page's empty state), a category alone lists it in the shop's order", async () => {
    expect(await search("")).toEqual({ query: "", category: null, products: [] });
    expect(await search("q=%20%20%20")).toEqual({ query: "", category: null, products: [] });
    const spawn = await search("categoria=spawn");
    expect(spawn.products.map((product) => product.name)).toEqual([
      "Spawn Golden Teacher",
      "Spawn Penis Envy 7",
      "Spawn Penis Envy Albino",
    ]);
    expect((await search("q=albino&categoria=culturas")).products.map((product) => product.name)).toEqual([
      "Cultura Líquida Penis Envy Albino",
    ]);
  });

  it("a query that matches nothing answers an empty list, whatever characters it has", async () => {
    for (const query of ["xyzzy", "%", "_", "'; drop table products; --", "100% \\ 'golden'", "🍄"]) {
      const result = await search(`q=${encodeURIComponent(query)}`);
      expect(result.query, query).toBe(query.trim());
      if (query !== "100% \\ 'golden'") expect(result.products, query).toEqual([]);
    }
  });

  it("refuses a query too long or an unknown category with 400 and a Portuguese message", async () => {
    for (const query of [`q=${"a".repeat(SEARCH_QUERY_MAX_LENGTH + 1)}`, "categoria=cogumelos"]) {
      const response = await ctx.app.request(`/api/search?${query}`);
      expect(response.status, query).toBe(400);
      const body = (await response.json()) as { error: { code: string; message: string } };
      expect(body.error.code).toBe("validation_error");
      expect(body.error.message, query).not.toMatch(ENGLISH);
    }
  });
});
