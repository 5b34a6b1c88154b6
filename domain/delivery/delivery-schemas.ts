/**
 * What a paid order delivers besides parcels (issue 19 item 4, decision 030), browser-safe: the
 * e-book's signed link, a course's or workshop's access, how a service is booked.
 */
import { z } from "zod";

export const downloadLinkSchema = z.object({
  /** Path and query of the signed link (`/download/<order>/<product>?expira=…&assinatura=…`). */
  url: z.string(),
  expiresAt: z.string(),
});
export type DownloadLink = z.infer<typeof downloadLinkSchema>;

export const deliveryItemSchema = z.object({
  productId: z.string(),
  productName: z.string(),
  /** The owner's text (access, booking); null when the product has none. */
  instructions: z.string().nullable(),
  /** Digital products while the order is paid: a fresh signed link; null otherwise. */
  download: downloadLinkSchema.nullable(),
  /** The product is a file to download (the link comes once the order is paid). */
  downloadable: z.boolean(),
});
export type DeliveryItem = z.infer<typeof deliveryItemSchema>;

export const orderDeliveriesSchema = z.object({
  /** "waiting_payment": nothing yet; "available": links and instructions; "closed": cancelled or refunded. */
  state: z.enum(["waiting_payment", "available", "closed"]),
  items: z.array(deliveryItemSchema),
});
export type OrderDeliveries = z.infer<typeof orderDeliveriesSchema>;

/** The two query parameters of a signed link. */
export const signedLinkQuerySchema = z.object({
  expira: z.string("Link de download inválido.").regex(/^\d{1,12}$/, "Link de download inválido."),
  assinatura: z.string("Link de download inválido.").regex(/^[\w-]{43}$/, "Link de download inválido."),
});
