import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import type { CardPaymentResult } from "#domain/payments/card-schemas.ts";
import type { CardCheckoutSettings } from "#domain/payments/card-settings.ts";
import { checkoutApi } from "#app/features/checkout/checkout-api.ts";
import { ApiCallError } from "#app/lib/fetch-json.ts";
import { formatBRL } from "#domain/pricing/money.ts";
import { buttonClass } from "#app/ui/button-styles.ts";
import { FormMessage } from "#app/ui/field.tsx";

/** The order the card pays, as the checkout's loader read it (the customer's own, still waiting for payment). */
export type CardOrder = { id: string; number: number; totalCents: number; email: string; status: string };

type BrickCardData = {
  token: string;
  issuer_id: string | null;
  payment_method_id: string;
  installments: number;
  payer: { identification: { number: string } };
};
type MercadoPagoGlobal = new (
  publicKey: string,
  options: { locale: string },
) => {
  bricks(): { create(kind: "cardPayment", containerId: string, settings: unknown): Promise<{ unmount(): void }> };
};

/** Loads the Brick's script once (the URL is configuration: Mercado Pago's SDK, or the local fake in tests). */
function loadBrickScript(url: string): Promise<MercadoPagoGlobal> {
  const existing = (window as unknown as { MercadoPago?: MercadoPagoGlobal }).MercadoPago;
  if (existing) return Promise.resolve(existing);
  return new Promise((resolve, reject) => {
    const script = document.createElement("script");
    script.src = url;
    script.async = true;
    script.onload = () => resolve((window as unknown as { MercadoPago: MercadoPagoGlobal }).MercadoPago);
    script.onerror = () => reject(new Error("brick script"));
    document.head.append(script);
  });
}

/**
 * Pay the order just placed by card (issue 32). The card is typed into Mercado Pago's Card Payment
 * Brick; this page only receives its token and posts it with a new attempt key per try. Rejected:
 * the message says what to do, the form stays for another card, and the same order can be paid by
 * Pix. A 3DS challenge opens the bank's page in a frame; its result is read back from the order.
 */
export function CardPayment({ order, settings }: { order: CardOrder; settings: CardCheckoutSettings }) {
  const [result, setResult] = useState<CardPaymentResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const challengeForm = useRef<HTMLFormElement>(null);
  const paid = result?.status === "approved";

  useEffect(() => {
    if (paid) return;
    let brick: { unmount(): void } | null = null;
    let gone = false;
    loadBrickScript(settings.brickUrl)
      .then((MercadoPago) =>
        new MercadoPago(settings.publicKey, { locale: "pt-BR" }).bricks().create("cardPayment", "cartao-brick", {
          initialization: { amount: order.totalCents / 100, payer: { email: order.email } },
          customization: { paymentMethods: { maxInstallments: settings.maxInstallments, types: { included: ["credit_card"] } } },
          callbacks: {
            onReady: () => undefined,
            onError: () => undefined,
            onSubmit: async (cardData: BrickCardData) => {
              setError(null);
              try {
                const answer = await checkoutApi.payByCard(order.id, {
                  attemptKey: crypto.randomUUID(),
                  token: cardData.token,
                  paymentMethodId: cardData.payment_method_id,
                  issuerId: cardData.issuer_id,
                  installments: cardData.installments,
                  cpf: cardData.payer.identification.number,
                });
                setResult(answer);
              } catch (failure) {
                setError(failure instanceof ApiCallError ? failure.message : "Não foi possível enviar o pagamento. Tente novamente.");
              }
            },
          },
        }),
      )
      .then((made) => {
        if (gone) made.unmount();
        else brick = made;
      })
      .catch(() => setLoadFailed(true));
    return () => {
      gone = true;
      brick?.unmount();
    };
  }, [order, settings, paid]);

  // The challenge's frame says when it is done; the order then says how it ended.
  useEffect(() => {
    if (result?.status !== "challenge") return;
    challengeForm.current?.submit();
    const onMessage = async (event: MessageEvent) => {
      if ((event.data as { status?: string } | null)?.status !== "COMPLETE") return;
      const read = await checkoutApi.order(order.id).catch(() => null);
      setResult(
        read?.status === "paid"
          ? { status: "approved", message: "Pagamento aprovado! Seu pedido está confirmado.", fixData: false, challenge: null }
          : {
              status: "rejected",
              message: "A autenticação não foi concluída. Tente de novo, use outro cartão ou pague com Pix.",
              fixData: false,
              challenge: null,
            },
      );
    };
    window.addEventListener("message", onMessage);
    return () => window.removeEventListener("message", onMessage);
  }, [result, order.id]);

  return (
    <section aria-labelledby="cartao-titulo" className="space-y-4">
      <h2 id="cartao-titulo" className="text-xl font-semibold text-stone-950">
        Pagar o pedido #{order.number} com cartão de crédito
      </h2>
      <p className="text-stone-800">
        Total: <strong>{formatBRL(order.totalCents)}</strong>
        {settings.pitch ? ` (${settings.pitch})` : ""}. Os dados do cartão vão direto para o Mercado Pago; a loja não vê o número do cartão.
      </p>
      <div>
        {result ? <FormMessage kind={result.status === "rejected" ? "error" : "success"}>{result.message}</FormMessage> : null}
        {error ? <FormMessage kind="error">{error}</FormMessage> : null}
      </div>
      {result?.status === "challenge" && result.challenge ? (
        <div>
          <form ref={challengeForm} method="post" action={result.challenge.url} target="cartao-3ds" className="hidden">
            <input type="hidden" name="creq" value={result.challenge.creq} />
          </form>
          <iframe name="cartao-3ds" title="Autenticação do cartão pelo banco" className="h-96 w-full rounded border border-stone-300" />
        </div>
      ) : null}
      {paid || result?.status === "in_process" ? (
        <Link to={`/success?order=${encodeURIComponent(order.id)}`} className={buttonClass("primary", "w-full")}>
          Ver meu pedido
        </Link>
      ) : (
        <>
          {loadFailed ? (
            <FormMessage kind="error">Não foi possível abrir o formulário do cartão. Recarregue a página ou pague com Pix.</FormMessage>
          ) : null}
          <div id="cartao-brick" />
          <Link to={`/success?order=${encodeURIComponent(order.id)}`} className={buttonClass("secondary", "w-full")}>
            Pagar com Pix
          </Link>
        </>
      )}
    </section>
  );
}
