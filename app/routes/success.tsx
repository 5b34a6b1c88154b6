import { SuccessPage } from "#app/features/checkout/success-page.tsx";
import { successState, successTitle } from "#app/features/checkout/success-state.ts";
import { appContext } from "#app/lib/app-context.server.ts";
import { requireUser } from "#app/lib/guards.server.ts";
import { expirePendingOrders } from "#domain/orders/order-jobs.server.ts";
import { getOrder } from "#domain/orders/order-queries.server.ts";
import { pixQrSvg } from "#domain/payments/pix-qr.server.ts";
import { withDomainErrors } from "#app/lib/domain-errors.server.ts";
import { shopNameIn } from "#app/lib/shop-name.ts";
import type { Route } from "./+types/success";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  { title: successTitle(loaderData?.order ? successState(loaderData.order.status) : null, shopNameIn(matches)) },
  { name: "robots", content: "noindex" },
];

/** Signed-in customers only; ?order=ID must be one of their own orders, shown with its Pix QR while unpaid. */
export const loader = withDomainErrors(async (args: Route.LoaderArgs) => {
  const user = await requireUser(args);
  const services = args.context.get(appContext).services;
  const id = args.url.searchParams.get("order")?.slice(0, 100) || null;
  // An overdue Pix reads as cancelled at once, not when the expiry job next runs.
  await expirePendingOrders(services, { userId: user.id });
  const order = id ? await getOrder(services.db, id, user.id) : null;
  return { order: order && { ...order, pixQrSvg: order.pix ? await pixQrSvg(order.pix.code) : null } };
});

export default function Page({ loaderData }: Route.ComponentProps) {
  return <SuccessPage order={loaderData.order} />;
}
