import { z } from "zod";
import { COUPON_KINDS, normalizeCouponCode } from "#domain/coupons/coupon-rules.ts";

/** The coupon API's inputs and answers (decision 028), browser-safe. Money in cents, dates ISO. */

export const couponCodeSchema = z
  .string("Informe o código do cupom.")
  .transform(normalizeCouponCode)
  .pipe(
    z
      .string()
      .min(3, "O código do cupom tem de 3 a 30 caracteres.")
      .max(30, "O código do cupom tem de 3 a 30 caracteres.")
      .regex(/^[A-Z0-9_-]+$/, "Use só letras, números, - e _ no código do cupom."),
  );

const optionalDate = z.iso
  .datetime({ offset: true, error: "Data inválida." })
  .nullable()
  .optional()
  .transform((value) => (value ? new Date(value) : null));
const optionalLimit = (message: string) => z.number(message).int(message).min(1, message).max(1_000_000, message).nullable().optional();

/** POST /api/admin/coupons. */
export const newCouponSchema = z
  .object({
    code: couponCodeSchema,
    kind: z.enum(COUPON_KINDS, "Escolha o tipo: porcentagem, valor fixo ou frete grátis."),
    /** percent: 1–100; fixed: cents; free_shipping: leave out. */
    value: z.number("Valor inválido.").int("Valor inválido.").nullable().optional(),
    minSubtotalCents: z
      .number("Mínimo inválido.")
      .int("Mínimo inválido.")
      .min(0, "Mínimo inválido.")
      .max(100_000_000)
      .optional()
      .default(0),
    startsAt: optionalDate,
    endsAt: optionalDate,
    maxUses: optionalLimit("Limite de usos inválido (1 ou mais)."),
    maxUsesPerCustomer: optionalLimit("Limite por cliente inválido (1 ou mais)."),
    firstPurchaseOnly: z.boolean().optional().default(false),
  })
  .superRefine((coupon, ctx) => {
    if (coupon.kind === "percent" && (coupon.value == null || coupon.value < 1 || coupon.value > 100))
      ctx.addIssue({ code: "custom", path: ["value"], message: "A porcentagem vai de 1 a 100." });
    if (coupon.kind === "fixed" && (coupon.value == null || coupon.value < 1 || coupon.value > 100_000_000))
      ctx.addIssue({ code: "custom", path: ["value"], message: "Informe o valor do desconto em reais." });
    if (coupon.startsAt && coupon.endsAt && coupon.startsAt >= coupon.endsAt)
      ctx.addIssue({ code: "custom", path: ["endsAt"], message: "O fim da validade tem de ser depois do início." });
  })
  .transform((coupon) => ({ ...coupon, value: coupon.kind === "free_shipping" ? null : (coupon.value ?? null) }));
export type NewCouponInput = z.input<typeof newCouponSchema>;
export type NewCoupon = z.output<typeof newCouponSchema>;

/** PATCH /api/admin/coupons/{id}: turn a coupon off (or on again). */
export const couponPatchSchema = z.object({ active: z.boolean("Informe se o cupom fica ativo.") });

export const couponViewSchema = z.object({
  id: z.string(),
  code: z.string(),
  kind: z.enum(COUPON_KINDS),
  value: z.number().int().nullable(),
  minSubtotalCents: z.number().int(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  maxUses: z.number().int().nullable(),
  maxUsesPerCustomer: z.number().int().nullable(),
  firstPurchaseOnly: z.boolean(),
  active: z.boolean(),
  /** Redemptions by orders still standing (a cancelled or expired order gave its use back). */
  uses: z.number().int(),
  createdAt: z.string(),
});
export type CouponView = z.infer<typeof couponViewSchema>;
export const couponListSchema = z.object({ coupons: z.array(couponViewSchema) });

/** POST /api/checkout/coupon-preview: the coupon (if any) and the credit the customer can use (input: domain/checkout). */
export const couponPreviewSchema = z.object({
  coupon: z.object({ code: z.string(), kind: z.enum(COUPON_KINDS), value: z.number().int().nullable() }).nullable(),
  creditCents: z.number().int(),
});
export type CouponPreview = z.infer<typeof couponPreviewSchema>;
