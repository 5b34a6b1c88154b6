import { createContext, useContext } from "react";
import type { PublicConfig } from "#platform/public-config.ts";

export type ShopBrand = NonNullable<PublicConfig["brand"]>;

/** The built-in name and logo: what a fresh install and an error screen before the root loader show. */
export const BUILT_IN_BRAND: ShopBrand = { name: "Loja Micologia", logo: null };

/** The shop's name and uploaded logo (decision 062), from the root loader's public settings, for the header. */
export const ShopBrandContext = createContext<ShopBrand>(BUILT_IN_BRAND);
export const useShopBrand = () => useContext(ShopBrandContext);
