import { useEffect } from "react";
import { useLocation, useRevalidator } from "react-router";
import { onCartSignal } from "#app/features/cart/cart-client.ts";
import { CheckoutPage } from "#app/features/checkout/checkout-page.tsx";
import { PageError } from "#app/features/shell/page-error.tsx";
import { getAppContext } from "#app/lib/app-context.server.ts";
import { withDomainErrors } from "#app/lib/domain-errors.server.ts";
import { currentUser } from "#app/lib/guards.server.ts";
import { maskedSavedCpf } from "#domain/account/saved-cpf.server.ts";
import { listAddresses } from "#domain/account/account-data.server.ts";
import { requireCheckoutCart, requireVisitorCartItems } from "#domain/checkout/checkout-cart.server.ts";
import { quoteShipping } from "#domain/shipping/shipping-quote.server.ts";
import { readCart } from "#domain/cart/read-cart.server.ts";
import { summaryOfCartView } from "#app/features/checkout/checkout-summary.tsx";
import { refusedAgeIn } from "#domain/consent/consent-rules.ts";
import { checkAgeNotRefused } from "#domain/consent/consent-errors.ts";
import { getOrder } from "#domain/orders/order-queries.server.ts";
import { cardCheckoutSettingsFor } from "#domain/payments/card-rule.server.ts";
import { pageTitle } from "#app/lib/shop-name.ts";
import type { Route } from "./+types/checkout";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle("Finalizar compra", matches) },
  { name: "robots", content: "noindex" },
];

/**
 * /checkout and /checkout-flow (spec §2: the same flow). Visitors with something in their cart see
 * the identification step; customers their cart priced by the server. Either one with nothing to buy
 * gets the domain's refusal (cart_empty, 409: "Seu carrinho está vazio.") from the ErrorBoundary below.
 */
export const loader = withDomainErrors(async (args: Route.LoaderArgs) => {
  // Adults only (decision 064): a browser that refused the age gate gets the refusal (403) in the page's place.
  checkAgeNotRefused(refusedAgeIn(args.request.headers.get("cookie")));
  const { services, visitorCartSessionId } = getAppContext(args.context);
  const expiryMinutes = services.config.PIX_EXPIRY_MINUTES;
  const user = await currentUser(args);
  const cards = await cardCheckoutSettingsFor(services);
  // /checkout?pedido=ID: the card step of an order just placed (issue 32), the only page that loads the Brick.
  const payOrderId = new URL(args.request.url).searchParams.get("pedido");
  if (user && cards && payOrderId) {
    const order = await getOrder(services.db, payOrderId, user.id);
    if (order && order.status === "pending_payment") {
      return {
        signedIn: true as const,
        payByCard: {
          order: { id: order.id, number: order.number, totalCents: order.totalCents, email: user.email, status: order.status },
          settings: cards,
        },
      };
    }
  }
  if (!user) {
    const sessionId = visitorCartSessionId(args.request);
    const { needsShipping } = await requireVisitorCartItems(services.db, sessionId);
    // What is being bought, priced by the server, above the identification step too (decision 063).
    const view = await readCart(services, { userId: null, sessionId }, new URL(services.config.PUBLIC_URL).origin);
    return { signedIn: false as const, needsShipping, expiryMinutes, summary: summaryOfCartView(view) };
  }
  const [cart, addresses, savedCpf] = await Promise.all([
    requireCheckoutCart(services.db, user.id),
    listAddresses(services.db, user.id),
    maskedSavedCpf(services.db, user.id),
  ]);
  // The address the form starts with (decision 033): the CEP chosen in the cart a moment ago wins
  // (its saved address if there is one, else a new address with that CEP); else the first saved one.
  const cartCep = cart.savedShipping.cep;
  const startAddress = cartCep ? addresses.find((entry) => entry.cep === cartCep) : addresses[0];
  const start = { addressId: startAddress?.id ?? null, cep: cartCep ?? startAddress?.cep ?? null };
  // Its shipping options come with the page (no fetch on load).
  const initialQuote = cart.needsShipping && start.cep ? await quoteShipping(services, start.cep, cart.parcel) : null;
  return {
    initialQuote,
    signedIn: true as const,
    user: { name: user.name, email: user.email },
    cart,
    addresses,
    start,
    savedCpf,
    expiryMinutes,
    cardPitch: cards ? (cards.pitch ?? "") : null,
  };
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
