import { useEffect, useId, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { ApiCallError } from "#app/lib/fetch-json.ts";
import { buttonClass, focusRing } from "#app/ui/button-styles.ts";
import { FormMessage } from "#app/ui/field.tsx";
import { orderApi } from "#app/features/orders/order-api.ts";
import { formatDate } from "#domain/orders/order-status.ts";
import type { OrderDetail } from "#domain/orders/order-types.ts";

const UNOPENED_MESSAGE = "Confirme que os produtos estão lacrados, na embalagem original.";

/**
 * The customer's right of withdrawal (CDC art. 49) on a delivered order: within 7 days of delivery
 * a button opens a short form; afterwards the panel says when the request was made, or when the
 * period ended. The refund itself is the admin's action.
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

  if (order.status !== "delivered" && !order.withdrawalRequestedAt) return null;
  if (order.withdrawalRequestedAt) {
    return (
      <p
        ref={statusRef}
        tabIndex={-1}
        role="status"
        className={`rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm text-emerald-950 ${focusRing}`}
      >
        Devolução solicitada em {formatDate(order.withdrawalRequestedAt)}.
        {order.status === "delivered" ? " A loja vai entrar em contato para combinar o envio e o reembolso." : null}
      </p>
    );
  }
  if (!order.withdrawalDeadline) return null;
  // Open or not is the server's call at read time (no clock in render: server and browser agree).
  if (!order.withdrawalOpen) {
    return <p className="text-sm text-stone-700">O prazo para pedir a devolução terminou em {formatDate(order.withdrawalDeadline)}.</p>;
  }
  return (
    <section aria-label="Devolução" className="space-y-3 rounded-2xl border border-stone-200 bg-white p-5">
      <p className="text-sm text-stone-800">
        Você pode pedir a devolução de produtos lacrados até {formatDate(order.withdrawalDeadline)} (7 dias após a entrega).
      </p>
      {open ? (
        <WithdrawalForm
          order={order}
          onCancel={() => {
            setOpen(false);
            // Back where the keyboard user was.
            requestAnimationFrame(() => openerRef.current?.focus());
          }}
          onSent={() => setJustSent(true)}
        />
      ) : (
        <button ref={openerRef} type="button" onClick={() => setOpen(true)} className={buttonClass("secondary")}>
          Solicitar devolução
        </button>
      )}
    </section>
  );
}

function WithdrawalForm({ order, onCancel, onSent }: { order: OrderDetail; onCancel: () => void; onSent: () => void }) {
  const revalidator = useRevalidator();
  const [checkError, setCheckError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const checkboxRef = useRef<HTMLInputElement>(null);
  const id = useId();

  // Opening the form moves focus into it, so screen readers announce the question.
  useEffect(() => checkboxRef.current?.focus(), []);

  async function submit(form: HTMLFormElement) {
    const data = new FormData(form);
    if (!data.get("unopened")) {
      setCheckError(UNOPENED_MESSAGE);
      checkboxRef.current?.focus();
      return;
    }
    setPending(true);
    setFormError(null);
    try {
      const reason = String(data.get("reason") ?? "").trim();
      await orderApi(`/orders/${encodeURIComponent(order.id)}/withdrawal`, {
        method: "POST",
        json: { unopened: true, ...(reason ? { reason } : {}) },
      });
      onSent();
      await revalidator.revalidate();
    } catch (error) {
      setFormError(error instanceof ApiCallError ? error.message : "Não foi possível pedir a devolução. Tente novamente.");
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
        Solicitar devolução
      </h3>
      {formError ? <FormMessage kind="error">{formError}</FormMessage> : null}
      <div>
        <label className="flex items-start gap-2">
          <input
            ref={checkboxRef}
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
      <div>
        <label htmlFor={`${id}-motivo`} className="block font-medium text-stone-900">
          Motivo (opcional)
        </label>
        <textarea
          id={`${id}-motivo`}
          name="reason"
          maxLength={500}
          rows={3}
          className={`mt-1 block w-full rounded-lg border border-stone-300 bg-white px-3 py-2 text-base text-stone-900 ${focusRing}`}
        />
      </div>
      <div className="flex flex-wrap gap-2">
        <button type="submit" disabled={pending} className={buttonClass("primary")}>
          {pending ? "Enviando…" : "Enviar pedido de devolução"}
        </button>
        <button type="button" onClick={onCancel} className={buttonClass("secondary")}>
          Cancelar
        </button>
      </div>
    </form>
  );
}
