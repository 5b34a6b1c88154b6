import type { AuthState } from "#domain/auth/auth-types.ts";
import type { ProductPageView } from "#app/features/catalog/product-page.tsx";
import type { PublicConfig } from "#platform/public-config.ts";

/** The element an island page hydrates, and the script that carries its server data (decision 009). */
export const ISLAND_ROOT_ID = "app";
export const ISLAND_DATA_ID = "island-data";

/** What the product page's island needs to render exactly what the server rendered. */
export type ProductIslandData = { publicConfig: PublicConfig; auth: AuthState; product: ProductPageView };

/**
 * JSON inside a <script> element: "<" is written as \u003c, so no value (a product text, an
 * e-mail) can close the element or open a comment; JSON.parse reads it back unchanged.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c");
}
