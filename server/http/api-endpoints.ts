import { calculatePriceEndpoint } from "#server/api/pricing.ts";
import { searchEndpoint } from "#server/api/search.ts";
import { clientErrorEndpoint } from "#server/api/client-errors.ts";
import { joinConsentEndpoint, recordConsentEndpoint } from "#server/api/consent.ts";
import {
  addAddressEndpoint,
  deleteAccountEndpoint,
  exportAccountEndpoint,
  listAddressesEndpoint,
  removeAddressEndpoint,
} from "#server/api/account.ts";
import { referralEndpoint } from "#server/api/referrals.ts";
import { isAdminEndpoint, listAdminsEndpoint } from "#server/api/auth.ts";
import { dashboardEndpoints } from "#server/api/dashboard.ts";
import { customerEndpoints } from "#server/api/customers.ts";
import { adminOrderEndpoints } from "#server/api/orders-admin.ts";
import { orderFulfilmentEndpoints } from "#server/api/order-fulfilment.ts";
import { auditEndpoints } from "#server/api/audit.ts";
import { catalogEndpoints } from "#server/api/catalog.ts";
import { catalogImageEndpoints } from "#server/api/catalog-images.ts";
import { maintenanceEndpoints } from "#server/api/maintenance.ts";
import { emailQueueEndpoints } from "#server/api/email-queue.ts";
import { maintenanceBackupEndpoints } from "#server/api/maintenance-backup.ts";
import { settingsEndpoints } from "#server/api/settings.ts";
import { connectionsEndpoints } from "#server/api/connections.ts";
import { cartEndpoints } from "#server/api/cart.ts";
import { notificationEndpoints } from "#server/api/notifications.ts";
import { orderEndpoints, renewPixEndpoint } from "#server/api/orders.ts";
import { checkoutEndpoints } from "#server/api/checkout.ts";
import { adminShippingEndpoints, shippingEndpoints } from "#server/api/shipping.ts";
import { recoveryEndpoints } from "#server/api/recovery.ts";
import { couponEndpoints } from "#server/api/coupons.ts";
import { reviewEndpoints } from "#server/api/reviews.ts";
import { deliveryEndpoints } from "#server/api/delivery.ts";
import { paymentEndpoints } from "#server/api/payments.ts";
import { pushEndpoints } from "#server/api/push.ts";
import { ownerTodayEndpoint } from "#server/api/owner-today.ts";
import { labelEndpoints } from "#server/api/labels.ts";
import type { Endpoint } from "#server/http/api.ts";

/** Every JSON API operation of the shop; later features add theirs here. */
export const apiEndpoints: Endpoint[] = [
  clientErrorEndpoint,
  recordConsentEndpoint,
  joinConsentEndpoint,
  calculatePriceEndpoint,
  // Product search (issue 20).
  searchEndpoint,
  // Accounts (issue 4): the admin check of spec §7, the customer panel, an admin list.
  isAdminEndpoint,
  listAddressesEndpoint,
  addAddressEndpoint,
  removeAddressEndpoint,
  referralEndpoint,
  exportAccountEndpoint,
  deleteAccountEndpoint,
  listAdminsEndpoint,
  // The cart (issue 5).
  ...cartEndpoints,
  // Checkout, orders and notifications (issue 6).
  ...shippingEndpoints,
  ...checkoutEndpoints,
  ...orderEndpoints,
  ...notificationEndpoints,
  // Web Push to the owner's and customers' devices (issue 31).
  ...pushEndpoints,
  ownerTodayEndpoint,
  // Reminders and a new Pix for an expired order (issue 19 item 5).
  renewPixEndpoint,
  ...recoveryEndpoints,
  // The owner's admin (issue 17).
  ...auditEndpoints,
  ...dashboardEndpoints,
  ...customerEndpoints,
  ...adminOrderEndpoints,
  // Labels through Melhor Envio and its tracking webhook (issue 30 items 4 and 5).
  ...labelEndpoints,
  // An order delivered part by part and its parcel's tracking (issue 30 items 5 and 6).
  ...orderFulfilmentEndpoints,
  ...catalogEndpoints,
  ...adminShippingEndpoints,
  ...catalogImageEndpoints,
  // Coupons: the admin's and the checkout's preview (issue 19).
  ...couponEndpoints,
  // Reviews and digital delivery (issue 19).
  ...reviewEndpoints,
  ...deliveryEndpoints,
  // The maintenance panel (issue 18).
  ...maintenanceEndpoints,
  // The maintenance panel (issue 18): e-mail queue, backup and CSV exports.
  ...emailQueueEndpoints,
  ...maintenanceBackupEndpoints,
  // The shop's settings and the go-live check (issue 28 items 1 and 2).
  ...settingsEndpoints,
  // The shop's accounts at Melhor Envio and Focus NFe (issue 30 item 7).
  ...connectionsEndpoints,
  // Pix providers' webhooks and an order's provider charges (issue 21).
  ...paymentEndpoints,
];

/** What each tag of the OpenAPI document groups (the document's tags must be described). */
export const apiTagDescriptions: Record<string, string> = {
  sistema: "Erros do navegador, para o painel de manutenção",
  catálogo: "Preços calculados pelo servidor (spec §7) e a busca de produtos",
  contas: "Quem é administrador (spec §7 is_admin)",
  conta: "Dados da conta conectada: endereços, indicação, LGPD",
  admin:
    "Administração: painel, pedidos, devoluções, clientes, produtos e suas fotos, tabela de frete, administradores, registro de auditoria e cupons",
  carrinho: "O carrinho da conta ou do navegador (cookie do carrinho, emitido pela loja) e o frete",
  checkout: "Fechamento do pedido: CEP, frete e pedido com Pix",
  pedidos: "Os pedidos da conta conectada",
  notificações: "Notificações da conta conectada",
  manutenção: "Painel de manutenção: saúde, modo de manutenção, erros, administradores e limpezas",
  pagamentos: "Notificações dos provedores de Pix (Mercado Pago, API Pix do Banco Central): chamadas assinadas, sem sessão",
  envio: "Notificações do Melhor Envio sobre as etiquetas (postada, entregue, não entregue): chamadas assinadas, sem sessão",
};
