/**
 * The browser entry of a product page loaded as a document (decision 009): React hydrates the
 * server's HTML with the same components, without React Router's runtime. Links on the page are
 * ordinary links; a move to another page loads that page, which then runs React Router as usual.
 */
import "#app/lib/zod-browser.ts";
import { ProductRouteView } from "#app/features/catalog/product-page.tsx";
import type { ProductIslandData } from "#app/islands/island-data.ts";
import { hydrateIsland } from "#app/islands/hydrate-island.tsx";

hydrateIsland<Pick<ProductIslandData, "product">>((data) => <ProductRouteView product={data.product} />);
