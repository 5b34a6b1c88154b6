import { requireUser, type PageArgs } from "#app/lib/guards.server.ts";
import { appContext } from "#app/lib/app-context.server.ts";
import { loadCustomerOrders } from "#app/features/orders/order-pages.server.ts";
import { listAddresses, referralSummary } from "#domain/account/account-data.server.ts";

/** Everything /cliente shows, for the signed-in customer only (anonymous → /auth?next=/cliente…). */
export async function loadCustomerPanel(args: PageArgs & { url: URL }) {
  const user = await requireUser(args);
  const { db, config } = args.context.get(appContext).services;
  const order = args.url.searchParams.get("order")?.slice(0, 100) || null;
  const [addresses, referral, orders] = await Promise.all([
    listAddresses(db, user.id),
    referralSummary(db, config.PUBLIC_URL, user.id),
    loadCustomerOrders(args, user.id),
  ]);
  return { user, addresses, referral, order, orders };
}
