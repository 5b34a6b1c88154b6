import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ApiCallError } from "#app/lib/fetch-json.ts";
import { adminOrderKeys } from "#app/features/orders/admin-orders-api.ts";
import type { OrderDetail } from "#domain/orders/order-types.ts";

export type ActionMessage = { kind: "error" | "success"; text: string };

/**
 * Runs one admin action on an order: while it runs the buttons wait, then the answer (the order as
 * it is now) replaces the cached one and every list, audit and queue of orders is read again. A
 * 400 goes to the field that caused it (`onInvalid`), other refusals to the form's message.
 */
export function useOrderAction(orderId: string) {
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(false);
  const [message, setMessage] = useState<ActionMessage | null>(null);

  async function run(call: () => Promise<OrderDetail>, done: string, onInvalid?: (text: string) => void): Promise<boolean> {
    setPending(true);
    setMessage(null);
    try {
      const order = await call();
      queryClient.setQueryData(adminOrderKeys.order(orderId), order);
      setMessage({ kind: "success", text: done });
      await queryClient.invalidateQueries({
        queryKey: adminOrderKeys.all,
        predicate: (query) => query.queryKey[2] !== orderId || query.queryKey[1] !== "order",
      });
      return true;
    } catch (error) {
      const text = error instanceof ApiCallError && error.message ? error.message : "Não foi possível concluir. Tente novamente.";
      if (onInvalid && error instanceof ApiCallError && error.status === 400) onInvalid(text);
      else setMessage({ kind: "error", text });
      return false;
    } finally {
      setPending(false);
    }
  }

  return { pending, message, run };
}
