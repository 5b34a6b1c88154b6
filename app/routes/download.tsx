import { data, redirect } from "react-router";
import { DownloadPage, type DownloadPageView } from "#app/features/delivery/download-page.tsx";
import { appContext } from "#app/lib/app-context.server.ts";
import { withDomainErrors } from "#app/lib/domain-errors.server.ts";
import { requireUser } from "#app/lib/guards.server.ts";
import { checkDownload, renewDownloadLink } from "#domain/delivery/deliveries.server.ts";
import { orderForDelivery } from "#domain/orders/order-delivery.server.ts";
import { pageTitle } from "#app/lib/shop-name.ts";
import type { Route } from "./+types/download";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle("Download", matches) },
  { name: "robots", content: "noindex" },
];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function idsOf(params: Route.LoaderArgs["params"]) {
  if (!UUID.test(params.orderId) || !UUID.test(params.productId)) throw data(null, { status: 404 });
  return { orderId: params.orderId.toLowerCase(), productId: params.productId.toLowerCase() };
}

/**
 * Reached when the server did not serve the file (server/http/downloads.ts): says why, with the
 * status that matches. A visitor signs in first and comes back here.
 */
export const loader = withDomainErrors(async (args: Route.LoaderArgs) => {
  const user = await requireUser(args);
  const { db, config } = args.context.get(appContext).services;
  const ids = idsOf(args.params);
  const link = { expira: args.url.searchParams.get("expira") ?? "", assinatura: args.url.searchParams.get("assinatura") ?? "" };
  const check = await checkDownload(db, config, await orderForDelivery(db, ids.orderId), { ...ids, userId: user.id, link });
  const base = { orderId: ids.orderId, downloadUrl: `${args.url.pathname}${args.url.search}` };
  switch (check.outcome) {
    case "not_found":
      throw data(null, { status: 404 });
    case "forbidden":
      return data<DownloadPageView>({ ...base, kind: "forbidden" }, { status: 403 });
    case "unavailable":
      return data<DownloadPageView>(
        {
          ...base,
          kind: check.status === "pending_payment" ? "waiting_payment" : "closed",
          orderNumber: check.orderNumber,
          productName: check.productName,
        },
        { status: check.status === "pending_payment" ? 409 : 410 },
      );
    case "expired":
    case "invalid":
      return data<DownloadPageView>(
        { ...base, kind: check.outcome, orderNumber: check.orderNumber, productName: check.productName },
        { status: check.outcome === "expired" ? 410 : 400 },
      );
    case "serve":
      // The link became valid between the two reads (it cannot, but the page still offers the file).
      return { ...base, kind: "ready" as const };
  }
});

/** "Gerar novo link": a fresh link for the buyer, and straight to it (the download starts). */
export const action = withDomainErrors(async (args: Route.ActionArgs) => {
  const user = await requireUser(args);
  const { db, config } = args.context.get(appContext).services;
  const ids = idsOf(args.params);
  const link = await renewDownloadLink(db, config, await orderForDelivery(db, ids.orderId), { ...ids, userId: user.id });
  return redirect(link.url, 303);
});

export default function Page({ loaderData }: Route.ComponentProps) {
  return <DownloadPage view={loaderData} />;
}
