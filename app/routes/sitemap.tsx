import { listProducts } from "~/features/catalog/catalog.server";
import { PUBLIC_PAGES, sitemapXml } from "~/features/seo/sitemap";
import { getAppContext } from "~/lib/app-context.server";
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
