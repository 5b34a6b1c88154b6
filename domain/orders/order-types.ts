import type { z } from "zod";
import type { OrderAddressSnapshot as StoredAddressSnapshot } from "#platform/db/json-columns.ts";
import type { orderAddressSnapshotSchema, orderDetailSchema, orderListSchema, orderSummarySchema } from "#domain/orders/order-schemas.ts";

/**
 * The shapes of an order as the server reads it (order-queries.server.ts), the API answers it and the
 * pages show it (order-views.tsx): `z.infer` of the API's schemas (order-schemas.ts), plain JSON
 * (dates as ISO strings). Imported as types only: no zod on the pages that use them.
 */

/** The delivery address copied into the order when it is placed (orders.shipping_address). */
export type OrderAddressSnapshot = z.infer<typeof orderAddressSnapshotSchema>;

export type OrderSummary = z.infer<typeof orderSummarySchema>;
export type OrderDetail = z.infer<typeof orderDetailSchema>;
export type OrderList = z.infer<typeof orderListSchema>;

/** An order as the success page and the panel show it: with its Pix QR code drawn on the server. */
export type OrderWithQr = OrderDetail & { pixQrSvg: string | null };

// The database column's type (platform knows no schema) and the API's must stay one shape: this
// alias stops compiling when either changes alone.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type _AddressSnapshotsAgree = Assert<Same<OrderAddressSnapshot, StoredAddressSnapshot>>;
type Assert<T extends true> = T;
