import type { PublicConfig } from "#platform/public-config.ts";

/**
 * The shop's name before the owner saves one, and on an error screen drawn before the root loader:
 * the same as platform's BUILT_IN_SHOP_NAME (browser code may not import platform's values).
 */
export const BUILT_IN_SHOP_NAME = "Loja Micologia";

/** What a meta function is given of the routes on the page: the root's data carries the public settings. */
type MetaMatch = { id: string; loaderData?: unknown } | undefined;

/**
 * The shop's name for a page's <title> and meta tags (decision 087): the one the owner saved, which
 * the root loader reads from the settings' cached copy; the built-in one when it is not there
 * (a meta function called without the root's data).
 */
export function shopNameIn(matches: readonly MetaMatch[] | undefined): string {
  const root = matches?.find((match) => match?.id === "root")?.loaderData as { publicConfig?: PublicConfig } | undefined;
  return root?.publicConfig?.brand?.name ?? BUILT_IN_SHOP_NAME;
}

/** "Carrinho | <the shop's name>": every page's title ends with the shop's name. */
export const pageTitle = (page: string, matches: readonly MetaMatch[] | undefined): string => `${page} | ${shopNameIn(matches)}`;
