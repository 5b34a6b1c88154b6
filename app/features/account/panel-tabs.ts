/**
 * The tabs of /cliente, in order, each at its own address, /cliente/<tab> (decision 047); /cliente
 * itself is the orders, and spec §2's `/cliente?order=ID` opens that order. The addresses of before
 * (`?aba=<tab>`) are sent on to the new ones.
 */
export const PANEL_TAB_VALUES = ["pedidos", "notificacoes", "indicacoes", "enderecos", "perfil", "privacidade"] as const;
export type PanelTab = (typeof PANEL_TAB_VALUES)[number];

const isTab = (value: string | null | undefined): value is PanelTab => PANEL_TAB_VALUES.some((tab) => tab === value);

export function panelTab(value: string | null | undefined): PanelTab {
  return isTab(value) ? value : "pedidos";
}

/** The address of a tab, with these parameters (the order to open, on the orders tab). */
export function panelTabHref(tab: PanelTab, params: URLSearchParams = new URLSearchParams()): string {
  const query = params.toString();
  return `/cliente/${tab}${query ? `?${query}` : ""}`;
}

/** Which tab an address shows, where an address of before goes, or nothing (an unknown tab: 404). */
export function panelRouteOf(segment: string | undefined, url: URL): { tab: PanelTab } | { redirectTo: string } | null {
  if (segment !== undefined) return isTab(segment) ? { tab: segment } : null;
  if (url.searchParams.has("aba")) {
    const rest = new URLSearchParams(url.searchParams);
    rest.delete("aba");
    return { redirectTo: panelTabHref(panelTab(url.searchParams.get("aba")), rest) };
  }
  return { tab: "pedidos" };
}
