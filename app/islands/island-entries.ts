import type { IslandModules } from "#app/lib/app-context.server.ts";

/** The entry of the age gate's script on an island page (app/features/consent/age-gate-island.ts). */
export const AGE_GATE_ENTRY = "age-gate";

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
  // Not a page: the age gate's plain script, which the island pages load with their own when the gate shows (decision 086).
  [AGE_GATE_ENTRY]: "app/features/consent/age-gate-island.ts",
};

/** Marks the island's own copy of a module (vite.config.ts's islands plugin), in the build and in development. */
export const ISLAND_QUERY = "?island";

/**
 * The island entries as `npm run dev` serves them (scripts/dev.ts): each from its source through
 * Vite, whose islands plugin (vite.config.ts) gives the island its own copies, as the build does
 * (decision 049). Vite loads what each imports as the page asks for it, so nothing is preloaded.
 */
export function devIslandModules(): IslandModules {
  return Object.fromEntries(Object.entries(ISLAND_ENTRIES).map(([name, src]) => [name, { src: `/${src}${ISLAND_QUERY}`, imports: [] }]));
}
