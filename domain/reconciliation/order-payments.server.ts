import type { Database } from "#platform/db/client.ts";
import type { Config } from "#platform/config.ts";
import { chargesOfOrder } from "#domain/payments/charge-lookups.server.ts";
import { chargingProvider } from "#domain/payments/charges.server.ts";
import type { OrderPayments } from "#domain/reconciliation/payment-schemas.ts";

const iso = (value: Date | null) => (value ? value.toISOString() : null);

/** Every provider charge of an order, oldest first, with the provider's ids and raw status (admins only). */
export async function orderPayments(db: Database, config: Config, orderId: string): Promise<OrderPayments> {
  const rows = await chargesOfOrder(db, orderId);
  return {
    confirmedBy: chargingProvider(config).confirmedBy,
    payments: rows.map((row) => ({
      id: row.id,
      provider: row.provider,
      attempt: row.attempt,
      providerChargeId: row.providerChargeId,
      txid: row.txid,
      e2eId: row.e2eId,
      status: row.status,
      providerStatus: row.providerStatus,
      amountCents: row.amountCents,
      paidCents: row.paidCents,
      problem: row.problem,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      paidAt: iso(row.paidAt),
      method: row.method === "card" ? ("card" as const) : ("pix" as const),
      card: row.method === "card" ? { brand: row.cardBrand, lastFour: row.cardLastFour, installments: row.installments } : null,
      refundedCents: row.refundedCents,
      chargebackDeadline: iso(row.chargebackDeadline),
    })),
  };
}
