import { useCallback, useEffect } from "react";
import { useRevalidator } from "react-router";
import { onRealtime, RESYNC } from "#app/lib/realtime.ts";
import { ORDER_PIX_EVENT } from "#domain/reconciliation/pix-generation.ts";
import { ORDER_TRACKING_EVENT } from "#domain/orders/order-parts.ts";

/**
 * Re-reads the page when a notification about this order arrives (payment confirmed, expired…), when
 * its Pix appears or is late (a provider's, made after the order's commit, decision 045), when the
 * carrier's news arrives (its history gains "Em trânsito" without a notification, decision 080), and on a
 * resync (the shop's realtime connection dropped, so such a message may have been lost).
 */
export function useOrderUpdates(orderId: string | null) {
  const revalidator = useRevalidator();
  const revalidate = revalidator.revalidate;
  useEffect(() => {
    if (!orderId) return;
    const stopNotification = onRealtime("notification", (data) => {
      if ((data as { order_id?: string } | null)?.order_id === orderId) void revalidate();
    });
    const stopPix = onRealtime(ORDER_PIX_EVENT, (data) => {
      if ((data as { order_id?: string } | null)?.order_id === orderId) void revalidate();
    });
    const stopTracking = onRealtime(ORDER_TRACKING_EVENT, (data) => {
      if ((data as { order_id?: string } | null)?.order_id === orderId) void revalidate();
    });
    const stopResync = onRealtime(RESYNC, () => void revalidate());
    return () => {
      stopNotification();
      stopPix();
      stopTracking();
      stopResync();
    };
  }, [orderId, revalidate]);
  return useCallback(() => void revalidate(), [revalidate]);
}
