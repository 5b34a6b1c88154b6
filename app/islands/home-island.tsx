/**
 * The browser entry of the home loaded as a document (decision 035): as the product page's
 * (decision 009), React hydrates the server's HTML without React Router's runtime, so the first
 * visit's JavaScript stays within the 100 KB budget. Reached by a client-side navigation, the home
 * is an ordinary route of the running router.
 */
import "#app/lib/zod-browser.ts";
import { HomeView, type HomeData } from "#app/features/home/home-page.tsx";
import { hydrateIsland } from "#app/islands/hydrate-island.tsx";

hydrateIsland<HomeData>((data) => <HomeView products={data.products} bestSellerIds={data.bestSellerIds} />);
