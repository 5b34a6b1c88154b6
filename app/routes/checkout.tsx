import { useLocation } from "react-router";
import { CheckoutPage } from "#app/features/checkout/checkout-page.tsx";
import { appContext } from "#app/lib/app-context.server.ts";
import { currentUser } from "#app/lib/guards.server.ts";
import { listAddresses } from "#domain/account/account-data.server.ts";
import { loadCheckoutCart } from "#domain/checkout/checkout-cart.server.ts";
import { quoteShipping } from "#domain/shipping/shipping-quote.server.ts";
import type { Route } from "./+types/checkout";

export const meta: Route.MetaFunction = () => [{ title: "Finalizar compra | Loja" }, { name: "robots", content: "noindex" }];

/** /checkout and /checkout-flow (spec §2: the same flow). Visitors see the identification step; customers their priced cart. */
export async function loader(args: Route.LoaderArgs) {
  const services = args.context.get(appContext).services;
  const user = await currentUser(args);
  if (!user) return { signedIn: false as const, expiryMinutes: services.config.PIX_EXPIRY_MINUTES };
  const [cart, addresses] = await Promise.all([loadCheckoutCart(services.db, user.id), listAddresses(services.db, user.id)]);
  // The first saved address fills the form: its shipping options come with the page.
  const cep = addresses[0]?.cep;
  const initialQuote = cart?.needsShipping && cep ? { cep, options: await quoteShipping(services.db, cep, cart.weightGrams) } : null;
  return {
    initialQuote,
    signedIn: true as const,
    user: { name: user.name, email: user.email },
    cart,
    addresses,
    expiryMinutes: services.config.PIX_EXPIRY_MINUTES,
  };
}

export default function Page({ loaderData }: Route.ComponentProps) {
  const location = useLocation();
  return <CheckoutPage data={loaderData} path={location.pathname} />;
}
