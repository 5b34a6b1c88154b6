import type { ShouldRevalidateFunctionArgs } from "react-router";
import { loadCustomerPanel } from "#app/features/account/panel-data.server.ts";
import { CustomerPanel } from "#app/features/account/customer-panel.tsx";
import { withDomainErrors } from "#app/lib/domain-errors.server.ts";
import type { Route } from "./+types/cliente";

export const meta: Route.MetaFunction = () => [{ title: "Minha conta | Loja" }, { name: "robots", content: "noindex" }];

/** Signed-in customers only (requireUser). Accepts ?order=ID and ?aba=<tab>. */
export const loader = withDomainErrors((args: Route.LoaderArgs) => loadCustomerPanel(args));

/** Switching tabs (only ?aba changes) shows data already loaded; anything else loads again. */
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (currentUrl.pathname !== nextUrl.pathname) return defaultShouldRevalidate;
  const strip = (url: URL) => {
    const params = new URLSearchParams(url.search);
    params.delete("aba");
    return params.toString();
  };
  return strip(currentUrl) === strip(nextUrl) && currentUrl.search !== nextUrl.search ? false : defaultShouldRevalidate;
}

export default function Cliente({ loaderData }: Route.ComponentProps) {
  return <CustomerPanel {...loaderData} />;
}
