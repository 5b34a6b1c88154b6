/**
 * The browser entry of /cart loaded as a document (decision 040): as the product page's (decision
 * 009), React hydrates the server's HTML, the cart as the server read it, without React Router's
 * runtime, so a first visit loads ≤ 100 KB of JavaScript and the lines paint with the page.
 */
import "#app/lib/zod-browser.ts";
import { CartPage } from "#app/features/cart/cart-page.tsx";
import type { CartIslandData } from "#app/islands/island-data.ts";
import { hydrateIsland } from "#app/islands/hydrate-island.tsx";

hydrateIsland<Pick<CartIslandData, "cart" | "cardPitch">>((data) => <CartPage initialCart={data.cart} cardPitch={data.cardPitch} />);
