import { loadSuccess } from "#app/features/orders/order-pages.server.ts";
import { SuccessPage } from "#app/features/orders/success-page.tsx";
import type { Route } from "./+types/success";

export const meta: Route.MetaFunction = () => [{ title: "Pedido recebido | Loja" }, { name: "robots", content: "noindex" }];

/** Signed-in customers only; ?order=ID must be one of their own orders. */
export function loader(args: Route.LoaderArgs) {
  return loadSuccess(args);
}

export default function Page({ loaderData }: Route.ComponentProps) {
  return <SuccessPage order={loaderData.order} />;
}
