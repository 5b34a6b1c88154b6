import { describe, expect, it } from "vitest";
import { DISALLOWED_PATHS, PUBLIC_PAGES, robotsTxt, sitemapXml } from "#app/features/seo/sitemap.ts";

describe("sitemapXml", () => {
  it("lists absolute addresses with the last change as a date, escaped for XML", () => {
    const xml = sitemapXml("https://loja.example", [
      { path: "/" },
      { path: "/produto/a?b=1&c=2", lastModified: "2026-11-22T10:00:00.000Z" },
    ]);
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
    expect(xml).toContain("<url><loc>https://loja.example/</loc></url>");
    expect(xml).toContain("<url><loc>https://loja.example/produto/a?b=1&amp;c=2</loc><lastmod>2026-11-22</lastmod></url>");
  });

  it("keeps private and checkout pages out of the public page list", () => {
    for (const path of PUBLIC_PAGES) {
      expect(
        DISALLOWED_PATHS.some((disallowed) => path.startsWith(disallowed)),
        path,
      ).toBe(false);
    }
  });
});

describe("robotsTxt", () => {
  it("points to the sitemap and keeps crawlers out of private areas", () => {
    const text = robotsTxt("https://loja.example");
    expect(text).toContain("Sitemap: https://loja.example/sitemap.xml");
    for (const path of ["/admin", "/cliente", "/maintenance-panel", "/customizar-produto", "/checkout", "/cart", "/api/"]) {
      expect(text).toContain(`Disallow: ${path}\n`);
    }
  });
});
