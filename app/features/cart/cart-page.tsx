import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Minus, Plus, ShoppingBag, Trash2 } from "lucide-react";
import { useId, useRef, useState } from "react";
import { Link } from "react-router";
import { toast } from "#app/ui/toast.tsx";
import { ProductImage } from "#app/features/catalog/product-image.tsx";
import { DEFAULT_PACKAGING_FEE_CENTS, MAX_GRAMS, MIN_GRAMS, PACKAGING_MIN_GRAMS, SACHET_GRAMS } from "#domain/pricing/gram-pricing.ts";
import { MAX_UNITS, MIN_UNITS } from "#domain/pricing/price-quote.ts";
import { formatBRL } from "#domain/pricing/money.ts";
import { safeStorage, STORAGE_KEYS } from "#app/lib/storage-keys.ts";
import { buttonClass, focusRing } from "#app/ui/button-styles.ts";
import { Skeleton } from "#app/ui/skeleton.tsx";
import { NetworkError } from "#app/lib/fetch-json.ts";
import { cartApi, enqueueCartOperation, signalCart } from "#app/features/cart/cart-client.ts";
import { CART_ITEMS_KEY } from "#app/features/cart/cart-provider.tsx";
import { computeTotals, formatCep, normalizeCep, repriceCartLine } from "#domain/cart/cart-rules.ts";
import type { CartLine, CartView, ShippingQuote } from "#domain/cart/cart-types.ts";

/** Spec §9: cart items stale after 5 s; 3 retries at 1 s, 2 s, 4 s. */
const ITEMS_STALE_MS = 5000;
const RETRIES = 3;

const offline = () => typeof navigator !== "undefined" && navigator.onLine === false;

async function loadCart(): Promise<CartView> {
  if (offline()) {
    const cached = safeStorage.get(STORAGE_KEYS.cartItems);
    if (cached) return JSON.parse(cached) as CartView;
  }
  const view = await cartApi.cart();
  safeStorage.set(STORAGE_KEYS.cartItems, JSON.stringify(view));
  if (view.cartId) safeStorage.set(STORAGE_KEYS.cartLastId, view.cartId);
  return view;
}

function withLines(view: CartView, items: CartLine[]): CartView {
  return { ...view, items, totals: computeTotals(items, view.totals.shippingTotal) };
}

type LineChange = { line: CartLine; quantity: number; packagingEnabled: boolean };

/** /cart (spec §2, issue 5): lines, quantities, packaging, shipping by CEP, totals, checkout. */
export function CartPage() {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: CART_ITEMS_KEY,
    queryFn: loadCart,
    staleTime: ITEMS_STALE_MS,
    retry: (failures) => failures < RETRIES && !offline(),
    retryDelay: (attempt) => 1000 * 2 ** attempt,
  });

  const snapshot = async () => {
    await queryClient.cancelQueries({ queryKey: CART_ITEMS_KEY });
    return queryClient.getQueryData<CartView>(CART_ITEMS_KEY);
  };

  // Spec §4: removal and quantity updates are optimistic, rolled back on error, refreshed after.
  const remove = useMutation({
    mutationFn: async (line: CartLine) => {
      if (offline()) return void enqueueCartOperation({ kind: "remove", itemId: line.id });
      try {
        await cartApi.remove(line.id);
      } catch (error) {
        if (error instanceof NetworkError) return void enqueueCartOperation({ kind: "remove", itemId: line.id });
        throw error;
      }
    },
    onMutate: async (line) => {
      const before = await snapshot();
      if (before) queryClient.setQueryData<CartView>(CART_ITEMS_KEY, withLines(before, before.items.filter((item) => item.id !== line.id)));
      return { before };
    },
    onError: (error, _line, context) => {
      if (context?.before) queryClient.setQueryData(CART_ITEMS_KEY, context.before);
      toast.error("Não foi possível remover o item", { description: error.message });
    },
    onSuccess: (_result, line) => {
      signalCart({ type: "removed", productName: line.productName });
      toast(`${line.productName} removido do carrinho`);
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: CART_ITEMS_KEY }),
  });

  const change = useMutation({
    mutationFn: async ({ line, quantity, packagingEnabled }: LineChange) => {
      const body = { quantity, packaging: { enabled: packagingEnabled } };
      if (offline()) return void enqueueCartOperation({ kind: "update", itemId: line.id, body });
      try {
        await cartApi.update(line.id, body);
      } catch (error) {
        if (error instanceof NetworkError) return void enqueueCartOperation({ kind: "update", itemId: line.id, body });
        throw error;
      }
    },
    onMutate: async ({ line, quantity, packagingEnabled }) => {
      const before = await snapshot();
      if (before) {
        const items = before.items.map((item) => (item.id === line.id ? repriceCartLine(item, quantity, packagingEnabled) : item));
        queryClient.setQueryData<CartView>(CART_ITEMS_KEY, withLines(before, items));
      }
      return { before };
    },
    onError: (error, _change, context) => {
      if (context?.before) queryClient.setQueryData(CART_ITEMS_KEY, context.before);
      toast.error("Não foi possível atualizar o item", { description: error.message });
    },
    onSuccess: (_result, { line }) => signalCart({ type: "updated", productName: line.productName }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: CART_ITEMS_KEY }),
  });

  // The removed line takes its focused button with it: focus moves first to the next line's remove
  // button (or the previous one's), or to the heading when it was the last line.
  const headingRef = useRef<HTMLHeadingElement>(null);
  function removeLine(line: CartLine, button: HTMLElement) {
    const row = button.closest("li");
    const neighbour = (row?.nextElementSibling ?? row?.previousElementSibling)?.querySelector<HTMLElement>("[data-remove-line]");
    (neighbour ?? headingRef.current)?.focus();
    remove.mutate(line);
  }

  const view = query.data;
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <h1 ref={headingRef} tabIndex={-1} className="text-2xl font-bold text-stone-950 sm:text-3xl">
        Carrinho
      </h1>
      {!view && query.isError ? (
        <div role="alert" className="mt-6 rounded-2xl border border-red-200 bg-red-50 p-6 text-red-950">
          <p className="font-semibold">Não foi possível carregar o carrinho.</p>
          <p className="mt-1 text-sm">Verifique sua conexão e tente novamente.</p>
          <button type="button" onClick={() => void query.refetch()} className={buttonClass("primary", "mt-4")}>
            Tentar novamente
          </button>
        </div>
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
                  onChange={(quantity, packagingEnabled) => change.mutate({ line, quantity, packagingEnabled })}
                  onRemove={(button) => removeLine(line, button)}
                />
              ))}
            </ul>
          </section>
          <aside aria-label="Resumo do pedido" className="space-y-4">
            {view.needsShipping ? <ShippingBox view={view} /> : null}
            <Totals view={view} />
          </aside>
        </div>
      )}
    </div>
  );
}

function CartSkeleton() {
  return (
    <div className="mt-6 grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]" aria-busy="true">
      <p className="sr-only" role="status">
        Carregando o carrinho…
      </p>
      <div className="space-y-3">
        {[0, 1].map((index) => (
          <div key={index} className="flex gap-4 rounded-2xl border border-stone-200 bg-white p-4">
            <Skeleton className="size-20" />
            <div className="flex-1 space-y-2">
              <Skeleton className="h-5 w-2/3" />
              <Skeleton className="h-4 w-1/3" />
              <Skeleton className="h-10 w-40" />
            </div>
          </div>
        ))}
      </div>
      <Skeleton className="h-56" />
    </div>
  );
}

function EmptyCart() {
  return (
    <div className="mt-6 rounded-2xl border border-stone-200 bg-white p-8 text-center">
      <ShoppingBag aria-hidden="true" className="mx-auto size-12 text-stone-400" />
      <p className="mt-4 text-lg font-semibold text-stone-900">Seu carrinho está vazio</p>
      <p className="mt-1 text-stone-700">Escolha amostras, kits, spawn ou cursos e eles aparecem aqui.</p>
      <Link to="/" className={buttonClass("primary", "mt-6")}>
        Ver produtos
      </Link>
    </div>
  );
}

function CartLineRow({
  line,
  onChange,
  onRemove,
}: {
  line: CartLine;
  onChange: (quantity: number, packagingEnabled: boolean) => void;
  onRemove: (button: HTMLElement) => void;
}) {
  const isGram = line.unitType === "gram";
  const step = isGram ? SACHET_GRAMS : 1;
  const min = isGram ? MIN_GRAMS : MIN_UNITS;
  const max = isGram ? MAX_GRAMS : MAX_UNITS;
  const inputId = useId();
  const [draft, setDraft] = useState<string | null>(null);
  const packagingOffered = isGram && line.quantity >= PACKAGING_MIN_GRAMS;

  function commit() {
    if (draft === null) return;
    const value = Number(draft.replace(",", "."));
    setDraft(null);
    // The server decides: an invalid value comes back with its message (e.g. "Minimum quantity is 2").
    if (draft.trim() !== "" && value !== line.quantity) onChange(value, line.packaging.enabled);
  }

  return (
    <li className="flex gap-4 p-4" data-testid="cart-line" data-product-id={line.productId}>
      <div className="w-20 shrink-0 sm:w-24">
        <ProductImage src={line.image} name={line.productName} id={line.productId} alt="" sizes="96px" width={96} className="rounded-lg" />
      </div>
      <div className="min-w-0 flex-1">
        <div className="flex items-start justify-between gap-3">
          <h2 className="font-semibold text-stone-950">
            {line.slug ? (
              <Link to={`/produto/${line.slug}`} className={`hover:underline ${focusRing}`}>
                {line.productName}
              </Link>
            ) : (
              line.productName
            )}
          </h2>
          <button
            type="button"
            onClick={(event) => onRemove(event.currentTarget)}
            data-remove-line
            aria-label={`Remover ${line.productName}`}
            className={`inline-flex size-10 shrink-0 items-center justify-center rounded-full text-stone-700 hover:bg-stone-100 ${focusRing}`}
          >
            <Trash2 aria-hidden="true" className="size-5" />
          </button>
        </div>
        <p className="text-sm text-stone-700">
          {formatBRL(line.unitPriceCents)} {isGram ? "por grama" : "por unidade"}
          {isGram ? ` · ${line.packaging.sachet_count} ${line.packaging.sachet_count === 1 ? "sachê" : "sachês"} de ${SACHET_GRAMS} g` : ""}
        </p>
        <div className="mt-3 flex flex-wrap items-center gap-2">
          <label htmlFor={inputId} className="sr-only">
            Quantidade de {line.productName} {isGram ? "(gramas)" : "(unidades)"}
          </label>
          <button
            type="button"
            aria-label={`Diminuir quantidade de ${line.productName}`}
            disabled={line.quantity <= min}
            onClick={() => onChange(line.quantity - step, line.packaging.enabled)}
            className={`inline-flex size-10 items-center justify-center rounded-lg border border-stone-300 bg-white hover:bg-stone-100 disabled:cursor-not-allowed disabled:text-stone-400 ${focusRing}`}
          >
            <Minus aria-hidden="true" className="size-4" />
          </button>
          <input
            id={inputId}
            type="number"
            inputMode="numeric"
            min={min}
            max={max}
            step={step}
            value={draft ?? String(line.quantity)}
            onChange={(event) => setDraft(event.target.value)}
            onBlur={commit}
            onKeyDown={(event) => {
              if (event.key === "Enter") commit();
            }}
            className={`h-10 w-24 rounded-lg border border-stone-300 bg-white px-2 text-right font-semibold ${focusRing}`}
          />
          <span className="text-sm text-stone-700">{isGram ? "g" : line.quantity === 1 ? "unidade" : "unidades"}</span>
          <button
            type="button"
            aria-label={`Aumentar quantidade de ${line.productName}`}
            disabled={line.quantity >= max}
            onClick={() => onChange(line.quantity + step, line.packaging.enabled)}
            className={`inline-flex size-10 items-center justify-center rounded-lg border border-stone-300 bg-white hover:bg-stone-100 disabled:cursor-not-allowed disabled:text-stone-400 ${focusRing}`}
          >
            <Plus aria-hidden="true" className="size-4" />
          </button>
        </div>
        {packagingOffered ? (
          <label className="mt-3 flex items-center gap-2 text-sm text-stone-800">
            <input
              type="checkbox"
              checked={line.packaging.enabled}
              onChange={(event) => onChange(line.quantity, event.target.checked)}
              className="size-5 accent-emerald-800"
            />
            Embalagem individual por sachê ({formatBRL(line.packaging.fee_amount || DEFAULT_PACKAGING_FEE_CENTS)} por sachê)
          </label>
        ) : null}
        <div className="mt-3 flex flex-wrap items-baseline justify-between gap-2">
          {line.savingsCents > 0 ? <p className="text-sm text-emerald-800">Você economiza {formatBRL(line.savingsCents)}</p> : <span />}
          <p className="text-right">
            {line.packagingFeeCents > 0 ? (
              <span className="block text-xs text-stone-600">inclui embalagem de {formatBRL(line.packagingFeeCents)}</span>
            ) : null}
            <span className="text-lg font-bold text-stone-950" data-testid="line-total">
              {formatBRL(line.lineTotalCents)}
            </span>
          </p>
        </div>
      </div>
    </li>
  );
}

function ShippingBox({ view }: { view: CartView }) {
  const queryClient = useQueryClient();
  const cepId = useId();
  const errorId = useId();
  const [cep, setCep] = useState(() => view.shipping?.cep ?? safeStorage.get(STORAGE_KEYS.validatedShippingCep) ?? "");
  const [shippingQuote, setShippingQuote] = useState<ShippingQuote | null>(null);
  const [error, setError] = useState<string | null>(null);
  // The option the customer just picked, shown checked while the server confirms it.
  const [picked, setPicked] = useState<string | null>(null);

  const lookup = useMutation({
    mutationFn: (digits: string) => cartApi.quoteShipping(digits),
    onSuccess: (result) => {
      setShippingQuote(result);
      setError(null);
      safeStorage.set(STORAGE_KEYS.validatedShippingCep, result.cep);
    },
    onError: (failure) => setError(failure.message),
  });
  const choose = useMutation({
    mutationFn: ({ digits, method }: { digits: string; method: string }) => cartApi.chooseShipping(digits, method),
    onSuccess: (updated) => {
      queryClient.setQueryData(CART_ITEMS_KEY, updated);
      if (updated.shipping) {
        safeStorage.set(STORAGE_KEYS.selectedShippingMethod, updated.shipping.method);
        safeStorage.set(STORAGE_KEYS.selectedShippingPrice, String(updated.shipping.priceCents));
        safeStorage.set(STORAGE_KEYS.validatedShippingCep, updated.shipping.cep);
      }
      signalCart({ type: "cart-updated" });
    },
    onError: (failure) => toast.error("Não foi possível escolher o frete", { description: failure.message }),
    onSettled: () => setPicked(null),
  });

  function submit(event: React.FormEvent) {
    event.preventDefault();
    const digits = normalizeCep(cep);
    if (!digits) {
      setError("CEP inválido: use 8 dígitos, como 01310-100.");
      return;
    }
    lookup.mutate(digits);
  }

  const options = shippingQuote?.options ?? [];
  return (
    <section aria-labelledby={`${cepId}-titulo`} className="rounded-2xl border border-stone-200 bg-white p-4">
      <h2 id={`${cepId}-titulo`} className="font-semibold text-stone-950">
        Frete
      </h2>
      <form onSubmit={submit} className="mt-2 flex items-end gap-2">
        <div className="flex-1">
          <label htmlFor={cepId} className="block text-sm text-stone-800">
            CEP
          </label>
          <input
            id={cepId}
            inputMode="numeric"
            autoComplete="postal-code"
            placeholder="00000-000"
            maxLength={9}
            value={cep.length === 8 && /^\d+$/.test(cep) ? formatCep(cep) : cep}
            onChange={(event) => setCep(event.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            className={`mt-1 h-10 w-full rounded-lg border border-stone-300 px-3 ${focusRing}`}
          />
        </div>
        <button type="submit" disabled={lookup.isPending} className={buttonClass("secondary", "h-10")}>
          Calcular
        </button>
      </form>
      {error ? (
        <p id={errorId} role="alert" className="mt-2 text-sm text-red-800">
          {error}
        </p>
      ) : null}
      {options.length > 0 && shippingQuote ? (
        <fieldset className="mt-3 space-y-2">
          <legend className="text-sm text-stone-700">Entrega para {shippingQuote.region}</legend>
          {options.map((option) => (
            <label key={option.method} className="flex items-center justify-between gap-2 rounded-lg border border-stone-200 p-2 text-sm">
              <span className="flex items-center gap-2">
                <input
                  type="radio"
                  name="frete"
                  checked={
                    picked !== null
                      ? picked === option.method
                      : view.shipping?.method === option.method && view.shipping.cep === shippingQuote.cep
                  }
                  onChange={() => {
                    setPicked(option.method);
                    choose.mutate({ digits: shippingQuote.cep, method: option.method });
                  }}
                  className="size-4 accent-emerald-800"
                />
                {option.label} · {option.deliveryDays} dias úteis
              </span>
              <span className="font-semibold">{formatBRL(option.priceCents)}</span>
            </label>
          ))}
        </fieldset>
      ) : view.shipping ? (
        <p className="mt-3 text-sm text-stone-800">
          {view.shipping.label} para {formatCep(view.shipping.cep)}: {formatBRL(view.shipping.priceCents)} ({view.shipping.deliveryDays} dias úteis)
        </p>
      ) : null}
    </section>
  );
}

function Totals({ view }: { view: CartView }) {
  const { totals } = view;
  return (
    <section aria-label="Totais" className="rounded-2xl border border-stone-200 bg-white p-4">
      <dl className="space-y-1 text-sm text-stone-800">
        <div className="flex justify-between">
          <dt>Subtotal ({totals.itemCount} {totals.itemCount === 1 ? "item" : "itens"})</dt>
          <dd>{formatBRL(totals.subtotal)}</dd>
        </div>
        {totals.savings > 0 ? (
          <div className="flex justify-between text-emerald-800">
            <dt>Economia nos descontos</dt>
            <dd>{formatBRL(totals.savings)}</dd>
          </div>
        ) : null}
        <div className="flex justify-between">
          <dt>Frete</dt>
          <dd>{!view.needsShipping ? "Sem entrega física" : view.shipping ? formatBRL(totals.shippingTotal) : "Calcule pelo CEP"}</dd>
        </div>
      </dl>
      <p className="mt-3 flex items-baseline justify-between border-t border-stone-200 pt-3">
        <span className="font-semibold text-stone-950">Total</span>
        <output aria-live="polite" data-testid="cart-total" className="text-2xl font-bold text-stone-950">
          {formatBRL(totals.total)}
        </output>
      </p>
      <Link to="/checkout" className={buttonClass("primary", "mt-4 w-full py-3 text-base")}>
        Finalizar compra
      </Link>
    </section>
  );
}
