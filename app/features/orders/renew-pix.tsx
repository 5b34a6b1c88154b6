import { useState } from "react";
import { useRevalidator } from "react-router";
import { ApiCallError } from "#app/lib/fetch-json.ts";
import { buttonClass } from "#app/ui/button-styles.ts";
import { FormMessage } from "#app/ui/field.tsx";
import { ordersClient } from "#app/features/orders/order-api.ts";
import { PIX_RENEWAL_HOURS } from "#domain/orders/order-status.ts";
import type { OrderDetail } from "#domain/orders/order-types.ts";

/**
 * "Gerar novo Pix" (issue 19 item 5): an order cancelled because its Pix expired can be paid again,
 * same items and prices, for PIX_RENEWAL_HOURS; the server reserves the stock again and answers the
 * order with its new Pix, which the page then shows. Whether it is possible is the server's call.
 */
export function RenewPix({ order }: { order: OrderDetail }) {
  const revalidator = useRevalidator();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!order.pixRenewable) return null;

  async function renew() {
    setPending(true);
    setError(null);
    try {
      await ordersClient.call("renewPix", { params: { id: order.id } });
      await revalidator.revalidate();
    } catch (caught) {
      setError(caught instanceof ApiCallError && caught.message ? caught.message : "Não foi possível gerar o Pix agora. Tente novamente.");
      setPending(false);
    }
  }

  return (
    <section aria-labelledby={`novo-pix-${order.id}`} className="space-y-3 rounded-2xl border border-amber-200 bg-amber-50 p-5">
      <h2 id={`novo-pix-${order.id}`} className="text-lg font-bold text-stone-950">
        O prazo do Pix terminou
      </h2>
      <p className="text-sm text-stone-800">
        Ainda dá para pagar este pedido, com os mesmos itens e preços: gere um novo Pix e reservamos os itens de novo. Isso vale por{" "}
        {PIX_RENEWAL_HOURS} horas depois do vencimento.
      </p>
      {error ? <FormMessage kind="error">{error}</FormMessage> : null}
      <button type="button" onClick={() => void renew()} disabled={pending} className={buttonClass("primary", "w-full sm:w-auto")}>
        {pending ? "Gerando o Pix…" : "Gerar novo Pix"}
      </button>
    </section>
  );
}
