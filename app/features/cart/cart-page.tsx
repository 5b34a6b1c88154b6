import { CartLineRow } from "#app/features/cart/cart-line-row.tsx";
import { CartLoadError } from "#app/features/cart/cart-load-error.tsx";
import { CartSkeleton } from "#app/features/cart/cart-skeleton.tsx";
import { CartTotals } from "#app/features/cart/cart-totals.tsx";
import { EmptyCart } from "#app/features/cart/empty-cart.tsx";
import { ShippingEstimator } from "#app/features/cart/shipping-estimator.tsx";
import { useCartPage } from "#app/features/cart/use-cart-page.ts";
import type { CartView } from "#domain/cart/cart-types.ts";

/**
 * /cart (spec §2, issue 5): lines, quantities, packaging, shipping by CEP, totals, checkout.
 * `initialCart`: the cart as the server read it for this page (decision 040), shown at once;
 * `cardPitch`: with cards on, the owner's "em até Nx sem juros" (issue 32), written by the server.
 */
export function CartPage({ initialCart, cardPitch = null }: { initialCart?: CartView; cardPitch?: string | null }) {
  const { query, headingRef, changeLine, removeLine } = useCartPage(initialCart);
  const view = query.data;
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <h1 ref={headingRef} tabIndex={-1} className="text-2xl font-bold text-stone-950 sm:text-3xl">
        Carrinho
      </h1>
      {!view && query.isError ? (
        <CartLoadError onRetry={() => void query.refetch()} />
      ) : !view ? (
        <CartSkeleton />
      ) : view.items.length === 0 ? (
        <EmptyCart />
      ) : (
        <div className="mt-6 grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
          <section aria-label="Itens do carrinho">
            <ul className="divide-y divide-stone-200 rounded-2xl border border-stone-200 bg-white" data-testid="cart-lines">
              {view.items.map((line) => (
                <CartLineRow
                  key={line.id}
                  line={line}
                  onChange={(quantity, packagingEnabled) => changeLine(line, quantity, packagingEnabled)}
                  onRemove={(button) => removeLine(line, button)}
                />
              ))}
            </ul>
          </section>
          <aside aria-label="Resumo do pedido" className="space-y-4">
            {view.needsShipping ? <ShippingEstimator view={view} /> : null}
            <CartTotals view={view} cardPitch={cardPitch} />
          </aside>
        </div>
      )}
    </div>
  );
}
