/** The tabs of /cliente, in order; the value is what ?aba= carries. */
export const PANEL_TAB_VALUES = ["pedidos", "notificacoes", "indicacoes", "enderecos", "perfil", "privacidade"] as const;
export type PanelTab = (typeof PANEL_TAB_VALUES)[number];

export function panelTab(value: string | null): PanelTab {
  return PANEL_TAB_VALUES.find((tab) => tab === value) ?? "pedidos";
}
