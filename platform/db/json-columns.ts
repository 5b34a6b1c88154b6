// The shapes of the JSON columns (the table files' $type), defined here so that the database layer needs
// no shop module; the domain's types (catalog-types.ts, order-types.ts) are these very types.

/** Names of the icons a detail line may carry; the page maps them to lucide icons. */
export type DetailIcon =
  "package" | "thermometer" | "shield" | "truck" | "video" | "calendar" | "file" | "users" | "clock" | "book" | "download" | "microscope";

/** Spec §3: a detail is an icon with text, or (for kits) a label with its value. */
export type ProductDetail = { icon: DetailIcon; text: string } | { label: string; value: string };

/** The delivery address copied into the order when it is placed (orders.shipping_address). */
export type OrderAddressSnapshot = {
  recipientName: string;
  cpf: string;
  phone: string;
  cep: string;
  street: string;
  number: string;
  complement: string | null;
  neighborhood: string;
  city: string;
  state: string;
};

/** One row of a sample's own price table (products.price_table): grams → total in cents. */
export type PriceTablePoint = { grams: number; totalCents: number };
