import { getAppContext } from "#app/lib/app-context.server.ts";
import { UnsubscribePage } from "#app/features/account/unsubscribe-page.tsx";
import { validUnsubscribeSignature } from "#domain/recovery/marketing-email.server.ts";
import { pageTitle } from "#app/lib/shop-name.ts";
import type { Route } from "./+types/descadastrar";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle("Parar lembretes por e-mail", matches) },
  { name: "robots", content: "noindex" },
];

/**
 * The reminder e-mails' unsubscribe link (issue 19 item 5), without signing in. Opening it changes
 * nothing (mail scanners open links): the page checks the signature and asks; the button stops them.
 */
export function loader({ url, context }: Route.LoaderArgs) {
  const { config } = getAppContext(context).services;
  const account = url.searchParams.get("conta")?.slice(0, 100) ?? "";
  const signature = url.searchParams.get("assinatura")?.slice(0, 100) ?? "";
  const valid = account !== "" && signature !== "" && validUnsubscribeSignature(config, account, signature);
  return valid ? { valid, account, signature } : { valid, account: "", signature: "" };
}

export default function Unsubscribe({ loaderData }: Route.ComponentProps) {
  return <UnsubscribePage {...loaderData} />;
}
