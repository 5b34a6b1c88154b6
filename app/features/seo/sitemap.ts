import { API_PREFIX } from "#server/contracts/routes.ts";

/** /sitemap.xml and /robots.txt, built from the public pages and the catalogue. */

/** Every public page that is not a product (spec §2 route table, minus private, checkout and gate pages). */
export const PUBLIC_PAGES = [
  "/",
  "/cursos",
  "/referencias",
  "/guia-cultivo",
  "/prototipo/kit-cultivo-gt",
  "/privacidade",
  "/termos",
  "/cookies",
];

/** Areas search engines should stay out of (accounts, admin, checkout, API). */
export const DISALLOWED_PATHS = [
  "/admin",
  "/cliente",
  "/maintenance-panel",
  "/customizar-produto",
  "/checkout",
  "/cart",
  "/success",
  "/auth",
  `${API_PREFIX}/`,
];

const escapeXml = (value: string) =>
  value.replace(/[<>&'"]/g, (char) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[char]!);

export type SitemapEntry = { path: string; lastModified?: string };

export function sitemapXml(origin: string, entries: SitemapEntry[]): string {
  const urls = entries.map(({ path, lastModified }) => {
    const lastmod = lastModified ? `<lastmod>${escapeXml(lastModified.slice(0, 10))}</lastmod>` : "";
    return `  <url><loc>${escapeXml(new URL(path, origin).toString())}</loc>${lastmod}</url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
}

export function robotsTxt(origin: string): string {
  return [
    "User-agent: *",
    "Allow: /",
    // "/checkout" also covers /checkout-flow: robots rules match by prefix.
    ...DISALLOWED_PATHS.map((path) => `Disallow: ${path}`),
    "",
    `Sitemap: ${new URL("/sitemap.xml", origin).toString()}`,
    "",
  ].join("\n");
}
