import { ShoppingCart } from "lucide-react";
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { toast } from "#app/ui/toast.tsx";
import { reconnectRealtimeIfLoaded } from "#app/lib/realtime-on-demand.ts";
import { buttonClass } from "#app/ui/button-styles.ts";
import { ApiCallError, NetworkError } from "#app/lib/fetch-json.ts";
import { addItemBody, cartApi, enqueueCartOperation, readCartSessionId, signalCart } from "#app/features/cart/cart-client.ts";
import type { AddItemBody } from "#domain/cart/cart-types.ts";

export type AddToCartProps = {
  productId: string;
  productName: string;
  quantity: number;
  packagingEnabled: boolean;
  className?: string;
  /** The button's words (the phone's buy bar says "Comprar"). */
  label?: string;
  /** "Comprar": once the item is in the cart, the customer goes on to the checkout (decision 063). */
  thenCheckout?: boolean;
};

const CHECKOUT_PATH = "/checkout";

const offline = () => typeof navigator !== "undefined" && navigator.onLine === false;

/** The product page's "Adicionar ao carrinho": the server prices the line; a toast and the badge confirm it. */
export function AddToCartButton({
  productId,
  productName,
  quantity,
  packagingEnabled,
  className,
  label = "Adicionar ao carrinho",
  thenCheckout = false,
}: AddToCartProps) {
  const [pending, setPending] = useState(false);
  const navigate = useNavigate();

  /** With the body (and key) of the attempt: if its answer was lost after the server applied it, the replay changes nothing. */
  function queueForLater(body: AddItemBody) {
    enqueueCartOperation({ kind: "add", body, productName });
    signalCart({ type: "added", productName });
    toast("Você está sem internet", {
      description: `${productName} entra no carrinho assim que a conexão voltar.`,
    });
  }

  async function add() {
    if (pending) return;
    const body = addItemBody({ productId, quantity, packaging: { enabled: packagingEnabled } });
    if (offline()) {
      queueForLater(body);
      return;
    }
    setPending(true);
    const hadSession = readCartSessionId() !== null;
    try {
      await cartApi.add(body);
      // A new cart session: a connection already open starts listening to it (without one, the
      // "added" signal below makes the cart provider open it, on the new session).
      if (!hadSession) reconnectRealtimeIfLoaded();
      signalCart({ type: "added", productName });
      if (thenCheckout) return void navigate(CHECKOUT_PATH);
      toast.success("Adicionado ao carrinho", {
        description: productName,
        action: (
          <Link to="/cart" className="font-semibold underline">
            Ver carrinho
          </Link>
        ),
      });
    } catch (error) {
      if (error instanceof NetworkError) queueForLater(body);
      // "Comprar" on a one-per-order item already in the cart: it is there, so on to the checkout.
      else if (thenCheckout && error instanceof ApiCallError && error.code === "single_unit_only") void navigate(CHECKOUT_PATH);
      else toast.error("Não foi possível adicionar ao carrinho", { description: error instanceof Error ? error.message : undefined });
    } finally {
      setPending(false);
    }
  }

  return (
    <button type="button" onClick={() => void add()} aria-busy={pending} disabled={pending} className={buttonClass("primary", className)}>
      <ShoppingCart aria-hidden="true" className="size-5" />
      {pending ? "Adicionando…" : label}
    </button>
  );
}
