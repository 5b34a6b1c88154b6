import { z } from "zod";

/**
 * The cart API's contract (server/api/cart.ts), browser-safe: what a caller sends and what the
 * API answers. The domain's types (cart-types.ts) are `z.infer` of these schemas and the browser's
 * calls (app/features/cart/cart-client.ts) are typed by them, so the three cannot drift apart.
 * Money is integer cents.
 */

// ---------------------------------------------------------------------------------------------
// Inputs the browser builds itself (the shipping choice's CEP rule stays with its endpoint).

/** Quantities: numbers only; the rules (minimum 2 g, steps, maximum) answer with their own messages. */
const quantity = z
  .number({ error: (issue) => (issue.input === undefined ? "informe a quantidade" : "a quantidade deve ser um número") })
  .int({ error: "a quantidade deve ser um número inteiro" })
  .max(100_000, { error: "a quantidade é grande demais" })
  .min(-100_000, { error: "a quantidade é pequena demais" });

const packagingInput = z.object(
  { enabled: z.boolean({ error: "informe se a embalagem está ativada (true ou false)" }) },
  { error: "a embalagem deve ser um objeto { enabled }" },
);

/**
 * Extra fields (a price, a total, a fee) are accepted and ignored: the server prices every line.
 * `idempotencyKey` names one add the customer asked for: sent again (a lost answer, the offline
 * queue), the add is not applied twice. Optional: old clients and queued adds have none.
 */
export const addItemInput = z.object({
  productId: z.uuid({ error: "productId deve ser o identificador (UUID) do produto" }),
  quantity,
  packaging: packagingInput.optional(),
  idempotencyKey: z.uuid({ error: "a chave de idempotência (idempotencyKey) deve ser um UUID" }).optional(),
});

export const updateItemInput = z
  .object({ quantity: quantity.optional(), packaging: packagingInput.optional() })
  .refine((value) => value.quantity !== undefined || value.packaging !== undefined, { error: "informe a quantidade ou a embalagem" });

// ---------------------------------------------------------------------------------------------
// Answers.

const cents = z.number().int().describe("centavos");

export const cartStatusSchema = z.enum(["active", "completed", "pending_payment"]);

/** Spec §3 packaging metadata; `fee_amount` is cents per 2 g sachet. */
export const packagingSchema = z.object({
  enabled: z.boolean(),
  fee_amount: cents.describe("centavos por sachê de 2 g"),
  sachet_count: z.number().int(),
});

export const cartLineSchema = z.object({
  id: z.string(),
  productId: z.string(),
  productName: z.string(),
  slug: z.string().nullable(),
  image: z.string(),
  quantity: z.number().int(),
  unitType: z.enum(["gram", "unit"]),
  unitPriceCents: cents,
  /** The line before packaging. */
  totalPriceCents: cents,
  packaging: packagingSchema,
  packagingFeeCents: cents,
  /** totalPriceCents + packagingFeeCents. */
  lineTotalCents: cents,
  /** What the quantity discount saves against the base price. */
  savingsCents: cents,
  needsShipping: z.boolean(),
  shippingOption: z.object({ method: z.string(), price_cents: cents }).nullable(),
  /** Gram lines of a sample with its own price table (decision 021): the browser's optimistic price uses it. */
  priceTable: z
    .array(z.object({ grams: z.number().int(), totalCents: cents }))
    .nullable()
    .optional(),
});

/** Spec §3 "Cart totals", in cents; itemCount is the number of lines (the header badge). */
export const cartTotalsSchema = z
  .object({ subtotal: cents, total: cents, shippingTotal: cents, savings: cents, itemCount: z.number().int() })
  .describe("spec §3 Cart totals, em centavos; itemCount é o número de linhas");

export const cartShippingSchema = z.object({
  method: z.string(),
  label: z.string(),
  priceCents: cents,
  deliveryDays: z.number().int(),
  cep: z.string(),
});

/** The cart as the API returns it: GET /cart and every write that answers with the whole cart. */
export const cartViewSchema = z.object({
  cartId: z.string().nullable(),
  status: cartStatusSchema.nullable(),
  items: z.array(cartLineSchema),
  totals: cartTotalsSchema,
  needsShipping: z.boolean(),
  shipping: cartShippingSchema.nullable(),
  /** Business days of production before shipping: the longest lead time of its made-to-order lines (decision 058). */
  productionDays: z.number().int(),
  /** Signed in while this browser's session still has an anonymous cart: the client runs the migration. */
  migrationPending: z.boolean(),
});

export const cartCountSchema = z.object({ count: z.number().int(), cartId: z.string().nullable(), migrationPending: z.boolean() });

export const addItemResultSchema = z.object({
  cartId: z.string(),
  // null only when a replayed key finds its line removed since (the add is not applied again).
  itemId: z.string().nullable(),
  quantity: z.number().int(),
  itemCount: z.number().int(),
});

/** Answer of the completed-cart check (spec §4). */
export const cartStatusCheckSchema = z.object({
  finished: z.boolean(),
  cartId: z.string().nullable(),
  status: cartStatusSchema.nullable(),
});

export const cartMigrationSchema = z.object({ migrated: z.boolean() });
