import { Search } from "lucide-react";
import { useId } from "react";
import { useNavigate } from "react-router";
import { SEARCH_PATH, SEARCH_QUERY_MAX_LENGTH } from "#domain/search/search-rules.ts";
import { focusRing } from "#app/ui/button-styles.ts";

type SearchFormProps = {
  /** The landmark's name; two search forms on one screen need different ones. */
  label: string;
  defaultQuery?: string;
  /** The search page without a query: the visitor came to type. */
  autoFocus?: boolean;
  /** Layout, display included (`flex`, or `hidden md:flex`). */
  className?: string;
};

/**
 * A GET form to /busca?q=: without JavaScript (or before it loads) the browser submits it as a
 * document request; with it, the router moves there without reloading the page (on the product
 * page's island the shim's navigate loads the address, which is the same thing).
 */
export function SearchForm({ label, defaultQuery = "", autoFocus = false, className = "" }: SearchFormProps) {
  const inputId = useId();
  const navigate = useNavigate();
  return (
    <form
      role="search"
      aria-label={label}
      action={SEARCH_PATH}
      method="get"
      className={`items-stretch ${className}`}
      onSubmit={(event) => {
        event.preventDefault();
        const query = String(new FormData(event.currentTarget).get("q") ?? "").trim();
        void navigate(query ? `${SEARCH_PATH}?${new URLSearchParams({ q: query })}` : SEARCH_PATH);
      }}
    >
      <label htmlFor={inputId} className="sr-only">
        Buscar produtos
      </label>
      <input
        id={inputId}
        type="search"
        name="q"
        defaultValue={defaultQuery}
        maxLength={SEARCH_QUERY_MAX_LENGTH}
        placeholder="Buscar produtos"
        autoComplete="off"
        enterKeyHint="search"
        // Only on the search page without a query, where typing is the one thing to do.
        autoFocus={autoFocus}
        className="min-w-0 flex-1 rounded-l-lg border border-r-0 border-stone-300 bg-white px-3 py-2 text-base text-stone-900 placeholder:text-stone-500 focus:border-emerald-700 focus:outline-2 focus:outline-offset-0 focus:outline-emerald-700"
      />
      <button
        type="submit"
        aria-label="Buscar"
        className={`inline-flex items-center justify-center rounded-r-lg bg-emerald-800 px-3 text-white hover:bg-emerald-900 ${focusRing}`}
      >
        <Search aria-hidden="true" className="size-5" />
      </button>
    </form>
  );
}
