import type { AuthState } from "#domain/auth/auth-types.ts";
import type { CartView } from "#domain/cart/cart-types.ts";
import type { ProductPageView } from "#app/features/catalog/product-page.tsx";
import type { ProductCardData } from "#app/features/catalog/product-card.tsx";
import type { ContentDocument } from "#app/features/content/content-document.ts";
import type { LegalSection } from "#app/features/legal/legal-section.ts";
import type { SearchPageData } from "#app/features/search/search-page.tsx";
import type { PublicConfig } from "#platform/public-config.ts";

/** The element an island page hydrates, and the script that carries its server data (decision 009). */
export const ISLAND_ROOT_ID = "app";
export const ISLAND_DATA_ID = "island-data";

/** What every island needs for the shell: the root loader's data. */
export type IslandShellData = { publicConfig: PublicConfig; auth: AuthState };
/** What an island page needs to render exactly what the server rendered: the shell's data and its route loader's. */
export type IslandData<Page> = IslandShellData & Page;
export type ProductIslandData = IslandData<{ product: ProductPageView }>;
/** /cart's island (decision 040): the cart as the server read it for this browser, and the owner's installments pitch (issue 32). */
export type CartIslandData = IslandData<{ cart: CartView; cardPitch: string | null }>;
/** The text pages' island (app/islands/content-island.tsx): which view, and its route loader's data. */
export type ContentIslandPage =
  | { view: "content"; page: ContentDocument }
  | { view: "courses"; page: ContentDocument; products: ProductCardData[] }
  | { view: "legal"; sections: LegalSection[]; current: string }
  | { view: "age-restriction" }
  | ({ view: "search" } & SearchPageData);

/**
 * JSON inside a <script> element: "<" is written as \u003c, so no value (a product text, an
 * e-mail) can close the element or open a comment; JSON.parse reads it back unchanged.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c");
}
