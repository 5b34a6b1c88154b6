/**
 * The island pages' browser entries (decision 009), by name: the loaders offer an island by this
 * name, vite.config.ts builds each entry into the client build, and `npm run dev` serves each
 * straight from its source (server/http/islands.ts), so both run the same island pages.
 */
export const ISLAND_ENTRIES: Readonly<Record<string, string>> = {
  product: "app/islands/product-island.tsx",
  home: "app/islands/home-island.tsx",
  content: "app/islands/content-island.tsx",
  cart: "app/islands/cart-island.tsx",
};

/** Marks the island's own copy of a module (vite.config.ts's islands plugin), in the build and in development. */
export const ISLAND_QUERY = "?island";
