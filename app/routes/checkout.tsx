import { useLocation } from "react-router";
import { CheckoutPage } from "#app/features/checkout/checkout-page.tsx";
import { loadCheckout } from "#app/features/orders/order-pages.server.ts";
import type { Route } from "./+types/checkout";

export const meta: Route.MetaFunction = () => [{ title: "Finalizar compra | Loja" }, { name: "robots", content: "noindex" }];

/** /checkout and /checkout-flow (spec §2: the same flow). Visitors see the identification step. */
export function loader(args: Route.LoaderArgs) {
  return loadCheckout(args);
}

export default function Page({ loaderData }: Route.ComponentProps) {
  const location = useLocation();
  return <CheckoutPage data={loaderData} path={location.pathname} />;
}
