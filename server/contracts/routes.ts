/**
 * Every path of the JSON API (under /api), by module and operation name: what the browser needs at
 * run time to call an operation, and nothing else, so no zod reaches a page through it (decision
 * 046). Each module's contract (server/contracts/<module>.ts) joins these routes with their
 * schemas; the server mounts them (server/api/<module>.ts) and the browser calls them by name
 * (app/lib/api-client.ts). One export per module: a page's bundle keeps only the modules it calls.
 */

/** Where the API is served; every path below is under it. */
export const API_PREFIX = "/api";

/** The API's two answers that are not JSON operations: the realtime event stream (SSE) and the support QR code (SVG). */
export const streamRoutes = {
  events: { method: "get", path: "/events" },
  supportQr: { method: "get", path: "/support/qr.svg" },
} as const;

export const cartRoutes = {
  get: { method: "get", path: "/cart" },
  count: { method: "get", path: "/cart/count" },
  addItem: { method: "post", path: "/cart/items" },
  updateItem: { method: "patch", path: "/cart/items/:id" },
  removeItem: { method: "delete", path: "/cart/items/:id" },
  quoteShipping: { method: "get", path: "/shipping/quote" },
  chooseShipping: { method: "put", path: "/cart/shipping" },
  status: { method: "get", path: "/cart/status" },
  migrate: { method: "post", path: "/cart/migrate" },
} as const;

export const maintenanceBackupRoutes = {
  adminBackup: { method: "get", path: "/admin/backup" },
  adminExportCustomers: { method: "get", path: "/admin/customers.csv" },
  adminExportProducts: { method: "get", path: "/admin/products.csv" },
} as const;

export const catalogImagesRoutes = {
  listProductImages: { method: "get", path: "/admin/products/:id/images" },
  uploadProductImage: { method: "post", path: "/admin/products/:id/images" },
  reorderProductImages: { method: "patch", path: "/admin/products/:id/images" },
  updateProductImage: { method: "patch", path: "/admin/products/:id/images/:imageId" },
  deleteProductImage: { method: "delete", path: "/admin/products/:id/images/:imageId" },
} as const;

export const ordersAdminRoutes = {
  adminListOrders: { method: "get", path: "/admin/orders" },
  adminExportOrders: { method: "get", path: "/admin/orders.csv" },
  adminGetOrder: { method: "get", path: "/admin/orders/:id" },
  adminConfirmPayment: { method: "post", path: "/admin/orders/:id/confirm-payment" },
  adminMoveStatus: { method: "post", path: "/admin/orders/:id/status" },
  adminTracking: { method: "post", path: "/admin/orders/:id/tracking" },
  adminCancel: { method: "post", path: "/admin/orders/:id/cancel" },
  adminRefund: { method: "post", path: "/admin/orders/:id/refund" },
  adminListReturns: { method: "get", path: "/admin/returns" },
  adminAcceptReturn: { method: "post", path: "/admin/returns/:id/accept" },
  adminReplyReturn: { method: "post", path: "/admin/returns/:id/reply" },
} as const;

export const auditRoutes = {
  adminAuditLog: { method: "get", path: "/admin/audit-log" },
} as const;

export const authRoutes = {
  isAdmin: { method: "post", path: "/rpc/is_admin" },
  listAdmins: { method: "get", path: "/admin/admins" },
} as const;

export const clientErrorsRoutes = {
  clientError: { method: "post", path: "/client-errors" },
} as const;

export const consentRoutes = {
  recordConsent: { method: "post", path: "/consent" },
} as const;

export const couponsRoutes = {
  adminListCoupons: { method: "get", path: "/admin/coupons" },
  adminCreateCoupon: { method: "post", path: "/admin/coupons" },
  adminUpdateCoupon: { method: "patch", path: "/admin/coupons/:id" },
  couponPreview: { method: "post", path: "/checkout/coupon-preview" },
} as const;

export const deliveryRoutes = {
  orderDeliveries: { method: "get", path: "/orders/:id/deliveries" },
  renewDownloadLink: { method: "post", path: "/orders/:id/deliveries/:productId/link" },
} as const;

export const maintenanceRoutes = {
  health: { method: "get", path: "/admin/health" },
  getMaintenance: { method: "get", path: "/admin/maintenance" },
  setMaintenance: { method: "put", path: "/admin/maintenance" },
  listErrors: { method: "get", path: "/admin/errors" },
  clearErrors: { method: "post", path: "/admin/errors/clear" },
  addAdmin: { method: "post", path: "/admin/admins" },
  removeAdmin: { method: "delete", path: "/admin/admins/:email" },
  previewCleanups: { method: "get", path: "/admin/cleanups" },
  runCleanup: { method: "post", path: "/admin/cleanups/:kind" },
} as const;

export const notificationsRoutes = {
  listNotifications: { method: "get", path: "/notifications" },
  unreadCount: { method: "get", path: "/notifications/unread-count" },
  markRead: { method: "post", path: "/notifications/:id/read" },
  markAllRead: { method: "post", path: "/notifications/read-all" },
} as const;

export const paymentsRoutes = {
  mercadoPagoWebhook: { method: "post", path: "/payments/mercadopago/webhook" },
  pixWebhook: { method: "post", path: "/payments/pix/webhook" },
  // The BCB standard's callback path: PSPs append /pix to the registered URL.
  pixWebhookWithSuffix: { method: "post", path: "/payments/pix/webhook/pix" },
  adminOrderPayments: { method: "get", path: "/admin/orders/:id/payments" },
} as const;

export const pricingRoutes = {
  calculatePrice: { method: "post", path: "/functions/calculate-price" },
} as const;

export const recoveryRoutes = {
  getMarketingEmail: { method: "get", path: "/account/marketing-emails" },
  setMarketingEmail: { method: "put", path: "/account/marketing-emails" },
  unsubscribe: { method: "post", path: "/unsubscribe" },
} as const;

export const reviewsRoutes = {
  listOrderReviews: { method: "get", path: "/orders/:id/reviews" },
  submitReview: { method: "post", path: "/orders/:id/reviews" },
  adminListReviews: { method: "get", path: "/admin/reviews" },
  adminModerateReview: { method: "post", path: "/admin/reviews/:id/status" },
} as const;

export const accountRoutes = {
  listAddresses: { method: "get", path: "/account/addresses" },
  addAddress: { method: "post", path: "/account/addresses" },
  removeAddress: { method: "delete", path: "/account/addresses/:id" },
  exportAccount: { method: "get", path: "/account/export" },
  deleteAccount: { method: "delete", path: "/account" },
} as const;

export const catalogRoutes = {
  adminListProducts: { method: "get", path: "/admin/products" },
  adminGetProduct: { method: "get", path: "/admin/products/:id" },
  adminUpdateProduct: { method: "patch", path: "/admin/products/:id" },
} as const;

export const customersRoutes = {
  adminCustomers: { method: "get", path: "/admin/customers" },
  adminCustomer: { method: "get", path: "/admin/customers/:id" },
} as const;

export const dashboardRoutes = {
  adminDashboard: { method: "get", path: "/admin/dashboard" },
} as const;

export const emailQueueRoutes = {
  adminListEmails: { method: "get", path: "/admin/emails" },
  adminGetEmail: { method: "get", path: "/admin/emails/:id" },
  adminResendEmail: { method: "post", path: "/admin/emails/:id/resend" },
  adminTestEmail: { method: "post", path: "/admin/emails/test" },
} as const;

export const ordersRoutes = {
  listMyOrders: { method: "get", path: "/orders" },
  getMyOrder: { method: "get", path: "/orders/:id" },
  requestWithdrawal: { method: "post", path: "/orders/:id/withdrawal" },
  renewPix: { method: "post", path: "/orders/:id/pix" },
} as const;

export const checkoutRoutes = {
  placeOrder: { method: "post", path: "/checkout/orders" },
} as const;

export const shippingRoutes = {
  cepLookup: { method: "post", path: "/checkout/cep-lookup" },
  checkoutShippingQuote: { method: "post", path: "/checkout/shipping-quote" },
  adminGetShippingRates: { method: "get", path: "/admin/shipping-rates" },
  adminPutShippingRates: { method: "put", path: "/admin/shipping-rates" },
} as const;

export const referralsRoutes = {
  referral: { method: "get", path: "/account/referral" },
} as const;

export const searchRoutes = {
  search: { method: "get", path: "/search" },
} as const;
