import { createContext, useContext } from "react";
import type { PublicConfig } from "#platform/public-config.ts";
import { BUILT_IN_SHOP_NAME } from "#app/lib/shop-name.ts";

export type ShopBrand = NonNullable<PublicConfig["brand"]>;

/** The built-in name and logo: what a fresh install and an error screen before the root loader show. */
export const BUILT_IN_BRAND: ShopBrand = { name: BUILT_IN_SHOP_NAME, logo: null };

/** The shop's name and uploaded logo (decisions 062, 087), from the root loader's public settings: the header, the referral share. */
export const ShopBrandContext = createContext<ShopBrand>(BUILT_IN_BRAND);
export const useShopBrand = () => useContext(ShopBrandContext);
