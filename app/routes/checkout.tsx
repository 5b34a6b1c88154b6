import { useEffect } from "react";
import { useLocation, useRevalidator } from "react-router";
import { onCartSignal } from "#app/features/cart/cart-client.ts";
import { CheckoutPage } from "#app/features/checkout/checkout-page.tsx";
import { PageError } from "#app/features/shell/page-error.tsx";
import { getAppContext } from "#app/lib/app-context.server.ts";
import { withDomainErrors } from "#app/lib/domain-errors.server.ts";
import { currentUser } from "#app/lib/guards.server.ts";
import { listAddresses } from "#domain/account/account-data.server.ts";
import { requireCheckoutCart } from "#domain/checkout/checkout-cart.server.ts";
import { quoteShipping } from "#domain/shipping/shipping-quote.server.ts";
import type { Route } from "./+types/checkout";

export const meta: Route.MetaFunction = () => [{ title: "Finalizar compra | Loja" }, { name: "robots", content: "noindex" }];

/**
 * /checkout and /checkout-flow (spec §2: the same flow). Visitors see the identification step;
 * customers their cart priced by the server, or, with nothing to buy, the domain's refusal
 * (cart_empty, 409: "Seu carrinho está vazio.") shown by the ErrorBoundary below.
 */
export const loader = withDomainErrors(async (args: Route.LoaderArgs) => {
  const { services } = getAppContext(args.context);
  const expiryMinutes = services.config.PIX_EXPIRY_MINUTES;
  const user = await currentUser(args);
  if (!user) return { signedIn: false as const, expiryMinutes };
  const [cart, addresses] = await Promise.all([requireCheckoutCart(services.db, user.id), listAddresses(services.db, user.id)]);
  // The first saved address fills the form: its shipping options come with the page.
  const cep = addresses[0]?.cep;
  const initialQuote = cart.needsShipping && cep ? { cep, options: await quoteShipping(services.db, cep, cart.weightGrams) } : null;
  return { initialQuote, signedIn: true as const, user: { name: user.name, email: user.email }, cart, addresses, expiryMinutes };
});

export default function Page({ loaderData }: Route.ComponentProps) {
  const location = useLocation();
  return <CheckoutPage data={loaderData} path={location.pathname} />;
}

/** The refusal in the page's place, under the page's heading; it ends when the cart fills (another tab, or sign-in bringing the visitor's cart). */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const revalidator = useRevalidator();
  useEffect(() => onCartSignal(() => void revalidator.revalidate()), [revalidator]);
  return <PageError error={error} refusalTitle="Finalizar compra" />;
}
