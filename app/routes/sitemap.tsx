import { listProducts } from "#domain/catalog/catalog.server.ts";
import { PUBLIC_PAGES, sitemapXml } from "#app/features/seo/sitemap.ts";
import { getAppContext } from "#app/lib/app-context.server.ts";
import type { Route } from "./+types/sitemap";

/** Resource route: every public page and every product, with the product's last change. */
export async function loader({ context }: Route.LoaderArgs) {
  const { services } = getAppContext(context);
  const origin = new URL(services.config.PUBLIC_URL).origin;
  const products = await listProducts(services.db, origin);
  const xml = sitemapXml(origin, [
    ...PUBLIC_PAGES.map((path) => ({ path })),
    ...products.map((product) => ({ path: product.route, lastModified: product.updatedAt })),
  ]);
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
