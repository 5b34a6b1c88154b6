import { data, redirect, type ShouldRevalidateFunctionArgs } from "react-router";
import { panelRouteOf } from "#app/features/account/panel-tabs.ts";
import { CustomerPanel } from "#app/features/account/customer-panel.tsx";
import { appContext } from "#app/lib/app-context.server.ts";
import { requireUser } from "#app/lib/guards.server.ts";
import { listAddresses } from "#domain/account/account-data.server.ts";
import { accountNames } from "#domain/auth/account-names.server.ts";
import { referralSummary } from "#domain/referrals/referrals.server.ts";
import { expirePendingOrders } from "#domain/orders/order-jobs.server.ts";
import { customerOrderNumbers, getOrder, listCustomerOrders } from "#domain/orders/order-queries.server.ts";
import { pixQrSvg } from "#domain/payments/pix-qr.server.ts";
import { withDomainErrors } from "#app/lib/domain-errors.server.ts";
import { pageTitle } from "#app/lib/shop-name.ts";
import type { Route } from "./+types/cliente";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle("Minha conta", matches) },
  { name: "robots", content: "noindex" },
];

/**
 * Signed-in customers only (requireUser), on every tab's address (/cliente/<tab>, decision 047).
 * Accepts ?order=ID (only the customer's own); the addresses of before (?aba=<tab>) move on.
 */
export const loader = withDomainErrors(async (args: Route.LoaderArgs) => {
  const user = await requireUser(args);
  const route = panelRouteOf(args.params.aba, args.url);
  if (!route) throw data(null, { status: 404 });
  if ("redirectTo" in route) throw redirect(route.redirectTo, 301);
  const services = args.context.get(appContext).services;
  const { db, config } = services;
  const order = args.url.searchParams.get("order")?.slice(0, 100) || null;
  // Overdue Pix orders are cancelled before the list is read, so it never shows one as still payable.
  const customerOrders = expirePendingOrders(services, { userId: user.id }).then(() =>
    Promise.all([listCustomerOrders(db, user.id), order ? getOrder(db, order, user.id) : Promise.resolve(null)]),
  );
  const [addresses, referral, [orders, opened]] = await Promise.all([
    listAddresses(db, user.id),
    referralSummary(db, config.PUBLIC_URL, user.id, { accountNames, customerOrderNumbers }),
    customerOrders,
  ]);
  const openedWithQr = opened && { ...opened, pixQrSvg: opened.pix ? await pixQrSvg(opened.pix.code) : null };
  return { user, addresses, referral, order, orders: { orders, order: openedWithQr } };
});

/** Switching tabs (only the tab's part of the path changes) shows data already loaded; anything else loads again. */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  currentParams,
  nextParams,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  const tabOnly = currentUrl.search === nextUrl.search && currentParams.aba !== nextParams.aba;
  return tabOnly ? false : defaultShouldRevalidate;
}

export default function Cliente({ loaderData }: Route.ComponentProps) {
  return <CustomerPanel {...loaderData} />;
}
