/**
 * The shop's name until the owner saves one in Configurações (decision 087): the settings' default,
 * and what a page or e-mail says when the settings cannot be read.
 */
export const BUILT_IN_SHOP_NAME = "Loja Micologia";

/** The settings the server shares with the browser (support line, the shop's legal identity). */
export type PublicConfig = {
  /** The shop's name and uploaded logo (32 px high on the page, twice that in pixels); null logo: the built-in one. */
  brand?: { name: string; logo: { url: string; width: number; height: number } | null };
  supportWhatsapp: string;
  legal: { name: string; cnpj: string; address: string; email: string };
};
