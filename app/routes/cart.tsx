import { CartPage } from "#app/features/cart/cart-page.tsx";
import { getAppContext, islandForDocument } from "#app/lib/app-context.server.ts";
import { withDomainErrors } from "#app/lib/domain-errors.server.ts";
import { currentUser } from "#app/lib/guards.server.ts";
import { readCart } from "#domain/cart/read-cart.server.ts";
import { cardPitchFor } from "#domain/payments/card-rule.server.ts";
import { pageTitle } from "#app/lib/shop-name.ts";
import type { Route } from "./+types/cart";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle("Carrinho", matches) },
  { name: "robots", content: "noindex" },
];

/** The page holds this browser's own cart: no browser or shared cache keeps it (decision 040). */
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store", Vary: "Cookie" });

/**
 * The cart as the cart contract's `get` reads it, for the caller's account and/or the browser's cart cookie
 * (decision 017), so the page paints its lines (or "Seu carrinho está vazio") with the server's
 * HTML instead of after its scripts and a fetch (decision 040). Opened as a document, it hydrates
 * as an island without React Router's runtime.
 */
export const loader = withDomainErrors(async (args: Route.LoaderArgs) => {
  const { services, islands, visitorCartSessionId } = getAppContext(args.context);
  const user = await currentUser(args);
  const owner = { userId: user?.id ?? null, sessionId: visitorCartSessionId(args.request) };
  const [cart, cardPitch] = await Promise.all([
    readCart(services, owner, new URL(services.config.PUBLIC_URL).origin),
    // With cards on, the owner's "em até Nx sem juros" under the total (issue 32): server text.
    cardPitchFor(services),
  ]);
  return { cart, cardPitch, island: islandForDocument(args.request, islands.cart) };
});

export default function Page({ loaderData }: Route.ComponentProps) {
  return <CartPage initialCart={loaderData.cart} cardPitch={loaderData.cardPitch} />;
}
