import { redirect } from "react-router";
import type { Route } from "./+types/redirect";

/** Old addresses of spec §2 and where they now live. */
const TARGETS: Record<string, string> = {
  "/delivery-address": "/checkout-flow",
  "/unified-checkout": "/checkout-flow",
  "/direitos": "/privacidade",
};

export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const target = TARGETS[url.pathname.replace(/\/+$/, "")] ?? "/";
  return redirect(target + url.search, 301);
}

export default function Redirecting() {
  return null;
}
