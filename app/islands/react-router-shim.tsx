/**
 * What the shop's components use of React Router, for a page that hydrates without it (an island
 * page, decision 009). Such a page is a plain document: a link is an ordinary link (the next page
 * loads from the server), the location is the window's, nothing is ever "navigating", and reloading
 * the data means reloading the page. vite.config.ts (its islands plugin) puts this module in place of
 * "react-router" in the island's own copies of the shop's modules only; the router's pages never load it.
 */
import { type AnchorHTMLAttributes, forwardRef } from "react";

type LinkProps = AnchorHTMLAttributes<HTMLAnchorElement> & {
  to: string;
  // React Router's own props, which an ordinary link has no use for.
  prefetch?: string;
  replace?: boolean;
  reloadDocument?: boolean;
  viewTransition?: boolean;
};

export const Link = forwardRef<HTMLAnchorElement, LinkProps>(function Link(
  { to, prefetch: _prefetch, replace: _replace, reloadDocument: _reloadDocument, viewTransition: _viewTransition, ...rest },
  ref,
) {
  return <a ref={ref} href={to} {...rest} />;
});

/** React Router's key of the first location is "default" on the server too, so both render alike. */
export function useLocation() {
  const { pathname, search, hash } = window.location;
  return { pathname, search, hash, state: null, key: "default" };
}

export function useSearchParams() {
  return [new URLSearchParams(window.location.search)] as const;
}

export function useNavigation() {
  return { state: "idle", location: undefined } as const;
}

export function useNavigate() {
  return async (to: string) => window.location.assign(to);
}

export function useRevalidator() {
  return { state: "idle", revalidate: async () => window.location.reload() } as const;
}
