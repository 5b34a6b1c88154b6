/**
 * Coupons (decision 028): the admin's list, creation and (de)activation, audited; and the checkout's
 * side: a coupon claimed inside the order's transaction and released when the order ends unkept.
 */
import { couponNotFound } from "#domain/coupons/coupon-errors.ts";
import { and, count, desc, eq, isNull, sql } from "drizzle-orm";
import type { Database } from "#platform/db/client.ts";
import { couponRedemptions, coupons } from "#platform/db/tables/coupons.ts";
import { DomainError } from "#domain/errors.ts";
import { recordAudit } from "#domain/audit/audit-log.server.ts";
import { couponDiscountCents, normalizeCouponCode, type CouponTerms, type OrderAmounts } from "#domain/coupons/coupon-rules.ts";
import type { CouponView, NewCoupon } from "#domain/coupons/coupon-schemas.ts";
import { formatBRL } from "#domain/pricing/money.ts";

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];
type Executor = Database | Tx;
type CouponRow = typeof coupons.$inferSelect;

const iso = (value: Date | null) => (value ? value.toISOString() : null);

function toView(row: CouponRow): CouponView {
  return {
    id: row.id,
    code: row.code,
    kind: row.kind,
    value: row.value,
    minSubtotalCents: row.minSubtotalCents,
    startsAt: iso(row.startsAt),
    endsAt: iso(row.endsAt),
    maxUses: row.maxUses,
    maxUsesPerCustomer: row.maxUsesPerCustomer,
    firstPurchaseOnly: row.firstPurchaseOnly,
    active: row.active,
    uses: row.uses,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listCoupons(db: Database): Promise<CouponView[]> {
  const rows = await db.select().from(coupons).orderBy(desc(coupons.createdAt)).limit(500);
  return rows.map(toView);
}

export async function createCoupon(db: Database, input: NewCoupon, adminId: string): Promise<CouponView> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(coupons).values(input).onConflictDoNothing({ target: coupons.code }).returning();
    if (!row) throw new DomainError("conflict", "coupon_code_taken", `Já existe um cupom ${input.code}. Escolha outro código.`);
    const view = toView(row);
    await recordAudit(tx, {
      actorUserId: adminId,
      action: "coupon.create",
      entityType: "coupon",
      entityId: row.id,
      entityLabel: row.code,
      before: null,
      after: view,
    });
    return view;
  });
}

export async function setCouponActive(db: Database, id: string, active: boolean, adminId: string): Promise<CouponView> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(coupons).where(eq(coupons.id, id)).for("update");
    if (!before) throw couponNotFound();
    const [after] = await tx.update(coupons).set({ active, updatedAt: new Date() }).where(eq(coupons.id, id)).returning();
    await recordAudit(tx, {
      actorUserId: adminId,
      action: active ? "coupon.activate" : "coupon.deactivate",
      entityType: "coupon",
      entityId: id,
      entityLabel: before.code,
      before: { active: before.active },
      after: { active: after!.active },
    });
    return toView(after!);
  });
}

const refuse = (code: string, message: string) => new DomainError("unprocessable", code, message);
const day = (date: Date) => date.toLocaleDateString("pt-BR", { timeZone: "America/Sao_Paulo" });

/**
 * Who uses the coupon. `hasPurchased`: whether they already have an order that counts as a purchase
 * (the orders module answers it; asked only for a first-purchase coupon).
 */
export type CouponCustomer = { userId: string; hasPurchased: () => Promise<boolean> };

/**
 * Checks every rule of the coupon for this customer and cart, in the order a customer would want
 * to hear them; throws the Portuguese refusal. With `lock`, the coupon's row stays locked until the
 * transaction ends, so the counts it read cannot change under it (20 parallel redemptions queue).
 */
async function checkedCoupon(
  executor: Executor,
  rawCode: string,
  customer: CouponCustomer,
  amounts: OrderAmounts & { needsShipping: boolean },
  options: { lock: boolean; now?: Date },
): Promise<{ row: CouponRow; terms: CouponTerms }> {
  const code = normalizeCouponCode(rawCode);
  const query = executor.select().from(coupons).where(eq(coupons.code, code));
  const [row] = options.lock ? await query.for("update") : await query;
  if (!row || !row.active) throw refuse("coupon_unknown", `Cupom ${code} não encontrado. Confira o código.`);
  const now = options.now ?? new Date();
  if (row.startsAt && now < row.startsAt) throw refuse("coupon_not_started", `O cupom ${code} vale a partir de ${day(row.startsAt)}.`);
  if (row.endsAt && now >= row.endsAt) throw refuse("coupon_expired", `O cupom ${code} expirou em ${day(row.endsAt)}.`);
  if (row.maxUses !== null && row.uses >= row.maxUses)
    throw refuse("coupon_used_up", `O cupom ${code} esgotou: já foi usado o máximo de vezes.`);
  if (amounts.subtotalCents < row.minSubtotalCents)
    throw refuse("coupon_minimum", `O cupom ${code} vale para compras a partir de ${formatBRL(row.minSubtotalCents)} em produtos.`);
  if (row.kind === "free_shipping" && !amounts.needsShipping)
    throw refuse("coupon_no_shipping", `O cupom ${code} é de frete grátis, e este pedido não tem frete.`);
  if (row.maxUsesPerCustomer !== null) {
    const [mine] = await executor
      .select({ n: count() })
      .from(couponRedemptions)
      .where(
        and(eq(couponRedemptions.couponId, row.id), eq(couponRedemptions.userId, customer.userId), isNull(couponRedemptions.releasedAt)),
      );
    if ((mine?.n ?? 0) >= row.maxUsesPerCustomer)
      throw refuse("coupon_customer_limit", `Você já usou o cupom ${code} o máximo de vezes permitido.`);
  }
  if (row.firstPurchaseOnly) {
    if (await customer.hasPurchased()) throw refuse("coupon_first_purchase", `O cupom ${code} vale só na primeira compra.`);
  }
  const terms: CouponTerms = { code: row.code, kind: row.kind, value: row.value };
  if (couponDiscountCents(terms, amounts) <= 0) throw refuse("coupon_nothing_off", `O cupom ${code} não dá desconto neste pedido.`);
  return { row, terms };
}

/** The checkout's preview: the coupon's terms when it would apply to this cart now (no lock, nothing kept). */
export async function previewCoupon(
  db: Database,
  rawCode: string,
  customer: CouponCustomer,
  amounts: OrderAmounts & { needsShipping: boolean },
): Promise<CouponTerms> {
  return (await checkedCoupon(db, rawCode, customer, amounts, { lock: false })).terms;
}

export type ClaimedCoupon = { couponId: string; terms: CouponTerms };

/**
 * Inside the order's transaction: locks the coupon, checks it and counts one use. The use is
 * written with the order (recordRedemption) once the order has its id.
 */
export async function claimCoupon(
  tx: Tx,
  rawCode: string,
  customer: CouponCustomer,
  amounts: OrderAmounts & { needsShipping: boolean },
): Promise<ClaimedCoupon> {
  const { row, terms } = await checkedCoupon(tx, rawCode, customer, amounts, { lock: true });
  await tx
    .update(coupons)
    .set({ uses: sql`${coupons.uses} + 1` })
    .where(eq(coupons.id, row.id));
  return { couponId: row.id, terms };
}

export async function recordRedemption(tx: Tx, claimed: ClaimedCoupon, orderId: string, userId: string, discountCents: number) {
  await tx.insert(couponRedemptions).values({ couponId: claimed.couponId, orderId, userId, discountCents });
}

/** An order cancelled, expired or refunded gives its coupon use back, once. */
export async function releaseOrderCoupon(tx: Tx, orderId: string): Promise<void> {
  const released = await tx
    .update(couponRedemptions)
    .set({ releasedAt: new Date() })
    .where(and(eq(couponRedemptions.orderId, orderId), isNull(couponRedemptions.releasedAt)))
    .returning({ couponId: couponRedemptions.couponId });
  for (const { couponId } of released) {
    await tx
      .update(coupons)
      .set({ uses: sql`greatest(${coupons.uses} - 1, 0)` })
      .where(eq(coupons.id, couponId));
  }
}
