import { Search } from "lucide-react";
import { focusRing } from "#app/ui/button-styles.ts";

/** The search path (issue 20, item 1); its page answers `?q=` with product cards. */
export const SEARCH_PATH = "/busca";

/**
 * The home's search box: a plain GET form, so it works before (and without) JavaScript and on the
 * island page alike; the browser loads `/busca?q=…` as a document.
 */
export function HomeSearch() {
  return (
    <form action={SEARCH_PATH} method="get" role="search" aria-label="Buscar produtos" className="flex gap-2">
      <label htmlFor="busca-inicio" className="sr-only">
        Buscar produtos
      </label>
      <input
        id="busca-inicio"
        type="search"
        name="q"
        required
        enterKeyHint="search"
        autoComplete="off"
        placeholder="Buscar: amostra, cultura, spawn, curso…"
        className="h-11 min-w-0 flex-1 rounded-xl border border-stone-300 bg-white px-3 text-base text-stone-900 placeholder:text-stone-500 focus:border-emerald-700 focus:outline-2 focus:outline-emerald-700"
      />
      <button
        type="submit"
        className={`inline-flex h-11 shrink-0 items-center gap-1.5 rounded-xl bg-emerald-800 px-4 font-semibold text-white hover:bg-emerald-900 ${focusRing}`}
      >
        <Search aria-hidden="true" className="size-5" />
        Buscar
      </button>
    </form>
  );
}
