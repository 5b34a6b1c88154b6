/** Flow: the shop cancels an order before it ships (the machine's effects give back stock, cart, coupon and credit). */
import { changeAsAdmin } from "#domain/orders/admin-order-flows.server.ts";
import { moveOrder } from "#domain/orders/order-machine.server.ts";
import type { Services } from "#domain/orders/order-store.server.ts";

export const SHOP_CANCEL_TEXT = "Cancelado pela loja";

export function cancelOrder(services: Services, id: string, adminId: string, reason?: string | null): Promise<void> {
  return changeAsAdmin(services, id, { adminId, action: "order.cancel" }, (order, tx) =>
    moveOrder(tx, services, order, {
      to: "cancelled",
      reason: "cancelled_by_shop",
      actorUserId: adminId,
      note: reason ?? null,
      set: { cancelReason: reason ?? SHOP_CANCEL_TEXT },
    }),
  );
}
