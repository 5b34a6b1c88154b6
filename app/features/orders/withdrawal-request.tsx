import { UNOPENED_MESSAGE } from "#domain/orders/order-schemas.ts";
import { useEffect, useId, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { ApiCallError } from "#app/lib/fetch-json.ts";
import { buttonClass, focusRing } from "#app/ui/button-styles.ts";
import { FormMessage } from "#app/ui/field.tsx";
import { ordersClient } from "#app/features/orders/order-api.ts";
import { formatDate } from "#domain/orders/order-status.ts";
import type { OrderDetail } from "#domain/orders/order-types.ts";
import { formatBRL } from "#domain/pricing/money.ts";

type Mode = "cancel" | "return";

/**
 * The customer's right of withdrawal (CDC art. 49), from payment until 7 days after delivery.
 * Before shipping, "Desistir da compra" cancels the order and records the refund at once; once
 * shipped or delivered, "Solicitar devolução" asks for the products back. Afterwards the panel says
 * when it was asked (and the refund, when recorded), or when the period ended. Whether and how the
 * customer can withdraw is the server's call at read time (no clock in render).
 */
export function WithdrawalRequest({ order }: { order: OrderDetail }) {
  const [open, setOpen] = useState(false);
  const [justSent, setJustSent] = useState(false);
  const statusRef = useRef<HTMLParagraphElement>(null);
  const openerRef = useRef<HTMLButtonElement>(null);

  // The form vanishes on success: focus goes to the confirmation instead of falling to <body>.
  useEffect(() => {
    if (justSent && order.withdrawalRequestedAt) statusRef.current?.focus();
  }, [justSent, order.withdrawalRequestedAt]);

  if (order.withdrawalRequestedAt) {
    return (
      <p
        ref={statusRef}
        tabIndex={-1}
        role="status"
        className={`rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm text-emerald-950 ${focusRing}`}
      >
        {order.status === "cancelled" ? (
          <>
            Desistência registrada em {formatDate(order.withdrawalRequestedAt)}. O pedido foi cancelado
            {order.refund
              ? order.refund.status === "owed"
                ? ` e o reembolso de ${formatBRL(order.refund.amountCents)}, frete incluído, está em andamento.`
                : ` e o reembolso de ${formatBRL(order.refund.amountCents)}, frete incluído, foi enviado.`
              : "."}
          </>
        ) : (
          <>
            Devolução solicitada em {formatDate(order.withdrawalRequestedAt)}.
            {order.status === "delivered" || order.status === "shipped"
              ? " A loja vai entrar em contato para combinar o envio e o reembolso."
              : null}
          </>
        )}
      </p>
    );
  }
  const mode = order.withdrawalMode;
  if (!order.withdrawalOpen || !mode) {
    // Only a delivered order has a period that ends; other statuses simply have nothing to withdraw.
    if (order.status === "delivered" && order.withdrawalDeadline) {
      return <p className="text-sm text-stone-700">O prazo para pedir a devolução terminou em {formatDate(order.withdrawalDeadline)}.</p>;
    }
    return null;
  }
  const label = mode === "cancel" ? "Desistir da compra" : "Solicitar devolução";
  return (
    <section
      aria-label={mode === "cancel" ? "Desistência" : "Devolução"}
      className="space-y-3 rounded-2xl border border-stone-200 bg-white p-5"
    >
      <p className="text-sm text-stone-800">{explanation(order, mode)}</p>
      {open ? (
        <WithdrawalForm
          order={order}
          mode={mode}
          onCancel={() => {
            setOpen(false);
            // Back where the keyboard user was.
            requestAnimationFrame(() => openerRef.current?.focus());
          }}
          onSent={() => setJustSent(true)}
        />
      ) : (
        <button ref={openerRef} type="button" onClick={() => setOpen(true)} className={buttonClass("secondary")}>
          {label}
        </button>
      )}
    </section>
  );
}

function explanation(order: OrderDetail, mode: Mode): string {
  const amount = formatBRL(order.totalCents);
  if (mode === "cancel") {
    return `Você pode desistir desta compra (direito de arrependimento). Como o pedido ainda não foi enviado, ele é cancelado na hora e o reembolso de ${amount}, frete incluído, ${order.paidByCard ? "volta para o cartão usado no pagamento, pelo Mercado Pago" : "é enviado para o Pix usado no pagamento"}.`;
  }
  if (order.withdrawalDeadline) {
    return `Você pode pedir a devolução de produtos lacrados até ${formatDate(order.withdrawalDeadline)} (7 dias após a entrega). Quando eles voltarem, você recebe ${amount}, frete incluído.`;
  }
  return `O pedido já foi enviado: você pode pedir a devolução de produtos lacrados até 7 dias após a entrega. Quando eles voltarem, você recebe ${amount}, frete incluído.`;
}

function WithdrawalForm({ order, mode, onCancel, onSent }: { order: OrderDetail; mode: Mode; onCancel: () => void; onSent: () => void }) {
  const revalidator = useRevalidator();
  const [checkError, setCheckError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const firstFieldRef = useRef<HTMLInputElement & HTMLTextAreaElement>(null);
  const id = useId();
  const returning = mode === "return";

  // Opening the form moves focus into it, so screen readers announce the question.
  useEffect(() => firstFieldRef.current?.focus(), []);

  async function submit(form: HTMLFormElement) {
    const data = new FormData(form);
    if (returning && !data.get("unopened")) {
      setCheckError(UNOPENED_MESSAGE);
      firstFieldRef.current?.focus();
      return;
    }
    setPending(true);
    setFormError(null);
    try {
      const reason = String(data.get("reason") ?? "").trim();
      await ordersClient.call("requestWithdrawal", {
        params: { id: order.id },
        body: { ...(returning ? { unopened: true as const } : {}), ...(reason ? { reason } : {}) },
      });
      onSent();
      await revalidator.revalidate();
    } catch (error) {
      setFormError(
        error instanceof ApiCallError
          ? error.message
          : returning
            ? "Não foi possível pedir a devolução. Tente novamente."
            : "Não foi possível registrar a desistência. Tente novamente.",
      );
    } finally {
      setPending(false);
    }
  }

  return (
    <form
      noValidate
      aria-labelledby={`${id}-titulo`}
      className="space-y-3 text-sm"
      onSubmit={(event) => {
        event.preventDefault();
        void submit(event.currentTarget);
      }}
    >
      <h3 id={`${id}-titulo`} className="text-base font-bold text-stone-950">
        {returning ? "Solicitar devolução" : "Desistir da compra"}
      </h3>
      {formError ? <FormMessage kind="error">{formError}</FormMessage> : null}
      {returning ? (
        <div>
          <label className="flex items-start gap-2">
            <input
              ref={firstFieldRef}
              type="checkbox"
              name="unopened"
              required
              onChange={() => setCheckError(undefined)}
              aria-invalid={checkError ? true : undefined}
              aria-describedby={checkError ? `${id}-erro` : undefined}
              className="mt-0.5 size-4"
            />
            <span>Os produtos estão lacrados, na embalagem original</span>
          </label>
          {checkError ? (
            <p id={`${id}-erro`} className="mt-1 text-red-800">
              {checkError}
            </p>
          ) : null}
        </div>
      ) : null}
      <div>
        <label htmlFor={`${id}-motivo`} className="block font-medium text-stone-900">
          Motivo (opcional)
        </label>
        <textarea
          ref={returning ? undefined : firstFieldRef}
          id={`${id}-motivo`}
          name="reason"
          maxLength={500}
          rows={3}
          className={`mt-1 block w-full rounded-lg border border-stone-300 bg-white px-3 py-2 text-base text-stone-900 ${focusRing}`}
        />
      </div>
      <div className="flex flex-wrap gap-2">
        <button type="submit" disabled={pending} className={buttonClass("primary")}>
          {pending ? "Enviando…" : returning ? "Enviar pedido de devolução" : "Confirmar desistência"}
        </button>
        <button type="button" onClick={onCancel} className={buttonClass("secondary")}>
          {returning ? "Cancelar" : "Voltar"}
        </button>
      </div>
    </form>
  );
}
