import { accountContacts } from "#domain/auth/account-names.server.ts";
import { adminUserIds } from "#domain/auth/admins.server.ts";
import { enqueueEmails } from "#platform/mail/email-queue.ts";
import { paymentAlertMessage } from "#domain/notifications/mail-templates.ts";
import { shopNameForMail } from "#domain/notifications/shop-name.server.ts";
import { formatBRL } from "#domain/pricing/money.ts";
import type { Services, Tx } from "#domain/orders/order-store.server.ts";

/** Why a provider's payment needs a person. */
export type PaymentProblem = "underpaid" | "foreign_reference" | "paid_after_expiry";

export const PROVIDER_NAMES: Record<string, string> = { mercadopago: "Mercado Pago", bcb: "API Pix do banco", static_pix: "Pix estático" };

type Alert = {
  problem: PaymentProblem;
  order: { id: string; number: number } | null;
  provider: string;
  providerChargeId: string;
  expectedCents: number | null;
  paidCents: number | null;
  reference: string | null;
};

function paragraphs(alert: Alert): string[] {
  const paid = alert.paidCents === null ? "um valor" : formatBRL(alert.paidCents);
  const label = alert.order ? `#${alert.order.number}` : "";
  switch (alert.problem) {
    case "underpaid":
      return [
        `O Pix do pedido ${label} foi pago com ${paid}, menos que os ${formatBRL(alert.expectedCents ?? 0)} do pedido.`,
        "O pedido NÃO foi marcado como pago. Combine a diferença com o cliente ou devolva o valor pelo painel do provedor.",
      ];
    case "foreign_reference":
      return [
        `Chegou um pagamento Pix de ${paid} cuja referência (${alert.reference ?? "nenhuma"}) não corresponde a nenhuma cobrança da loja.`,
        "Nada foi marcado como pago. Confira o pagamento no painel do provedor e, se for o caso, devolva o valor.",
      ];
    case "paid_after_expiry":
      return [
        `O Pix do pedido ${label} (${paid}) foi pago depois do prazo, quando o pedido já estava cancelado e o estoque não pôde ser reservado de novo.`,
        "O valor está sendo devolvido automaticamente ao pagador. O cliente também foi avisado.",
      ];
  }
}

/**
 * E-mails every admin about a payment, queued in the caller's transaction (so an alert goes once:
 * the change that claims the payment queues it, and a concurrent duplicate claims nothing), and
 * logs an error line for the operator.
 */
export async function alertAdmins(tx: Tx, services: Services, alert: Alert): Promise<void> {
  services.logger.error(
    { problem: alert.problem, provider: alert.provider, providerChargeId: alert.providerChargeId, orderId: alert.order?.id ?? null },
    "pix payment needs an admin",
  );
  const adminIds = await adminUserIds(services, tx);
  if (adminIds.length === 0) return;
  const admins = [...(await accountContacts(tx, adminIds)).values()];
  const shop = await shopNameForMail(services);
  await enqueueEmails(
    tx,
    services.config,
    admins.map((admin) =>
      paymentAlertMessage({
        shop,
        to: admin.email,
        name: admin.name,
        order: alert.order,
        provider: PROVIDER_NAMES[alert.provider] ?? alert.provider,
        providerChargeId: alert.providerChargeId,
        paragraphs: paragraphs(alert),
        publicUrl: services.config.PUBLIC_URL,
      }),
    ),
  );
}
