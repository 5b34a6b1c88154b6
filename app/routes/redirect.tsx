import { redirect } from "react-router";
import type { Route } from "./+types/redirect";

/** Old addresses of spec §2 and where they now live. */
const TARGETS: Record<string, string> = {
  "/delivery-address": "/checkout-flow",
  "/unified-checkout": "/checkout-flow",
  "/direitos": "/privacidade",
};

// `url` is the page's address; `request.url` ends in `.data` on client-side navigations.
export function loader({ url }: Route.LoaderArgs) {
  const target = TARGETS[url.pathname.replace(/\/+$/, "")] ?? "/";
  return redirect(target + url.search, 301);
}

export default function Redirecting() {
  return null;
}
