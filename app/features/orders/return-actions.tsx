import { useState } from "react";
import { buttonClass } from "#app/ui/button-styles.ts";
import { FormMessage } from "#app/ui/field.tsx";
import { adminOrdersApi } from "#app/features/orders/admin-orders-api.ts";
import { TextArea } from "#app/features/orders/order-actions.tsx";
import { useOrderAction } from "#app/features/orders/use-order-action.ts";
import type { ReturnState } from "#domain/orders/admin-order-schemas.ts";
import { orderLabel } from "#domain/orders/order-status.ts";

/**
 * A withdrawal's steps: accept a return (the products come back), then the refund (the order page's
 * refund form, or the queue's), or refuse it; and a reply at any time. Each tells the customer.
 */
export function ReturnActions({
  orderId,
  number,
  state,
  mode,
  refundForm,
}: {
  orderId: string;
  /** The order's number: the queue lists several reply forms, each named after its order. */
  number: number;
  state: ReturnState;
  mode: "cancel" | "return";
  /** The refund form, where the page shows one. */
  refundForm?: React.ReactNode;
}) {
  const { pending, message, run } = useOrderAction(orderId);
  const [replyError, setReplyError] = useState<string | undefined>();
  const [replyKey, setReplyKey] = useState(0);
  const [refuseError, setRefuseError] = useState<string | undefined>();
  const refusable = mode === "return" && (state === "requested" || state === "awaiting_return");
  return (
    <div className="space-y-3">
      {message ? <FormMessage kind={message.kind}>{message.text}</FormMessage> : null}
      {state === "requested" && mode === "return" ? (
        <button
          type="button"
          disabled={pending}
          onClick={() => void run(() => adminOrdersApi.acceptReturn(orderId), "Devolução aceita: o cliente foi avisado.")}
          className={buttonClass("primary")}
        >
          Aceitar devolução
        </button>
      ) : null}
      {state !== "done" && state !== "refused" ? refundForm : null}
      <form
        key={replyKey}
        noValidate
        aria-label={`Responder ao cliente do pedido ${orderLabel(number)}`}
        className="space-y-2"
        onSubmit={(event) => {
          event.preventDefault();
          const text = String(new FormData(event.currentTarget).get("message") ?? "").trim();
          if (!text) {
            setReplyError("Escreva a resposta.");
            return;
          }
          setReplyError(undefined);
          void run(() => adminOrdersApi.replyReturn(orderId, text), "Resposta enviada ao cliente.", setReplyError).then((sent) => {
            if (sent) setReplyKey((key) => key + 1);
          });
        }}
      >
        <TextArea
          label="Resposta ao cliente"
          name="message"
          maxLength={1000}
          hint="Vai por notificação e e-mail e fica no histórico do pedido."
        />
        {replyError ? (
          <p role="alert" className="text-sm text-red-800">
            {replyError}
          </p>
        ) : null}
        <button type="submit" disabled={pending} className={buttonClass("secondary")}>
          Enviar resposta
        </button>
      </form>
      {refusable ? (
        <form
          noValidate
          aria-label={`Recusar a devolução do pedido ${orderLabel(number)}`}
          className="space-y-2"
          onSubmit={(event) => {
            event.preventDefault();
            const text = String(new FormData(event.currentTarget).get("refusal") ?? "").trim();
            if (!text) {
              setRefuseError("Escreva o motivo da recusa.");
              return;
            }
            setRefuseError(undefined);
            void run(() => adminOrdersApi.refuseReturn(orderId, text), "Devolução recusada: o cliente foi avisado.", setRefuseError);
          }}
        >
          <TextArea label="Motivo da recusa" name="refusal" maxLength={1000} hint="O cliente recebe este texto por notificação e e-mail." />
          {refuseError ? (
            <p role="alert" className="text-sm text-red-800">
              {refuseError}
            </p>
          ) : null}
          <button type="submit" disabled={pending} className={buttonClass("secondary")}>
            Recusar devolução
          </button>
        </form>
      ) : null}
    </div>
  );
}
