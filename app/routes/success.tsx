import { loadSuccess } from "#app/features/orders/order-pages.server.ts";
import { SuccessPage } from "#app/features/orders/success-page.tsx";
import { withDomainErrors } from "#app/lib/domain-errors.server.ts";
import type { Route } from "./+types/success";

export const meta: Route.MetaFunction = () => [{ title: "Pedido recebido | Loja" }, { name: "robots", content: "noindex" }];

/** Signed-in customers only; ?order=ID must be one of their own orders. */
export const loader = withDomainErrors((args: Route.LoaderArgs) => loadSuccess(args));

export default function Page({ loaderData }: Route.ComponentProps) {
  return <SuccessPage order={loaderData.order} />;
}
