import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { toast } from "#app/ui/toast.tsx";
import { safeStorage, STORAGE_KEYS } from "#app/lib/storage-keys.ts";
import { NetworkError } from "#app/lib/fetch-json.ts";
import { cartApi, enqueueCartOperation, signalCart } from "#app/features/cart/cart-client.ts";
import { CART_ITEMS_KEY } from "#app/features/cart/cart-provider.tsx";
import { repriceCartLine } from "#domain/cart/cart-rules.ts";
import { withLines } from "#app/features/cart/optimistic-cart.ts";
import type { CartLine, CartView } from "#domain/cart/cart-types.ts";

/** Spec §9: cart items stale after 5 s; 3 retries at 1 s, 2 s, 4 s. */
const ITEMS_STALE_MS = 5000;
const RETRIES = 3;

const offline = () => typeof navigator !== "undefined" && navigator.onLine === false;

/** Offline, the last cart read (spec §4); online, the server's, kept for the next time offline. */
async function loadCart(): Promise<CartView> {
  if (offline()) {
    const cached = safeStorage.get(STORAGE_KEYS.cartItems);
    if (cached) return JSON.parse(cached) as CartView;
  }
  return rememberCart(await cartApi.cart());
}

/** The last cart read, kept for a visit without network (spec §4). */
function rememberCart(view: CartView): CartView {
  safeStorage.set(STORAGE_KEYS.cartItems, JSON.stringify(view));
  if (view.cartId) safeStorage.set(STORAGE_KEYS.cartLastId, view.cartId);
  return view;
}

type LineChange = { line: CartLine; quantity: number; packagingEnabled: boolean };

/**
 * The /cart page's data: the cart query, and the line changes and removals that update it.
 * `initialCart`, the server's read for this page (decision 040), is the query's first answer when
 * it has none yet: the page shows it without a fetch, and reads again once it is stale (5 s).
 */
export function useCartPage(initialCart?: CartView) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: CART_ITEMS_KEY,
    queryFn: loadCart,
    initialData: initialCart,
    staleTime: ITEMS_STALE_MS,
    retry: (failures) => failures < RETRIES && !offline(),
    retryDelay: (attempt) => 1000 * 2 ** attempt,
  });
  useEffect(() => {
    if (initialCart && query.data === initialCart) rememberCart(initialCart);
  }, [initialCart, query.data]);

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
      if (before)
        queryClient.setQueryData<CartView>(
          CART_ITEMS_KEY,
          withLines(
            before,
            before.items.filter((item) => item.id !== line.id),
          ),
        );
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

  const changeLine = (line: CartLine, quantity: number, packagingEnabled: boolean) => change.mutate({ line, quantity, packagingEnabled });

  return { query, headingRef, changeLine, removeLine };
}
