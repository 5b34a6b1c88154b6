import { buttonClass } from "#app/ui/button-styles.ts";

/** Shown only when there is no cart to show at all (no cached copy either), after the retries. */
export function CartLoadError({ onRetry }: { onRetry: () => void }) {
  return (
    <div role="alert" className="mt-6 rounded-2xl border border-red-200 bg-red-50 p-6 text-red-950">
      <p className="font-semibold">Não foi possível carregar o carrinho.</p>
      <p className="mt-1 text-sm">Verifique sua conexão e tente novamente.</p>
      <button type="button" onClick={onRetry} className={buttonClass("primary", "mt-4")}>
        Tentar novamente
      </button>
    </div>
  );
}
