import { ServiceUnavailableError } from "#platform/http/provider-request.ts";
import { orderNotFound } from "#domain/errors.ts";
import { customerOrderStatus } from "#domain/orders/customer-orders.server.ts";
import { resendInvoice } from "#domain/invoices/issue-invoices.server.ts";
import { customerInvoices, invoicesToFix, invoiceView, orderInvoices } from "#domain/invoices/invoice-views.server.ts";
import { FOCUS_WEBHOOK_HEADER, receiveFocusWebhook } from "#domain/invoices/invoice-webhook.server.ts";
import { readProductTax, saveProductTax } from "#domain/invoices/product-tax.server.ts";
import { consumeRate, rateKey } from "#platform/rate-limit.ts";
import { defineEndpoint } from "#server/http/api.ts";
import { clientAddress } from "#server/http/client-address.ts";
import { rateLimitedError } from "#server/http/errors.ts";
import { ADMIN_ONLY, USER_ONLY } from "#server/http/guards.ts";
import { WEBHOOK_RATE_RULE } from "#server/api/payments.ts";
import { invoiceNotFound, invoicesContract } from "#server/contracts/invoices.ts";

/*
 * Invoices (issue 30 item 3): Focus NFe's hook, the owner's view of an order's notes, the list of
 * notes to fix and "Emitir de novo", each product's tax data, and the customer's DANFE links.
 */

export const focusWebhookEndpoint = defineEndpoint({
  ...invoicesContract.focusWebhook,
  async handler({ body, c }) {
    const services = c.get("services");
    const decision = await consumeRate(
      services.db,
      rateKey("invoice-webhook", clientAddress(c, services.config.TRUST_PROXY)),
      WEBHOOK_RATE_RULE,
    );
    if (!decision.allowed) throw rateLimitedError(decision.retryAfterSeconds);
    try {
      await receiveFocusWebhook(services, c.req.header(FOCUS_WEBHOOK_HEADER), body.ref);
    } catch (error) {
      // Focus could not be read back just now: the poller reads the note within minutes.
      if (!(error instanceof ServiceUnavailableError)) throw error;
      services.logger.warn({ err: error, ref: body.ref }, "focus nfe webhook: note not read back");
    }
    return { received: true as const };
  },
});

export const adminOrderInvoicesEndpoint = defineEndpoint({
  ...invoicesContract.adminOrderInvoices,
  guard: ADMIN_ONLY,
  async handler({ params, c }) {
    return orderInvoices(c.get("services"), params.id);
  },
});

export const adminInvoicesToFixEndpoint = defineEndpoint({
  ...invoicesContract.adminInvoicesToFix,
  guard: ADMIN_ONLY,
  async handler({ c }) {
    const { db, config } = c.get("services");
    return { provider: config.INVOICE_PROVIDER, invoices: await invoicesToFix(db) };
  },
});

export const adminResendInvoiceEndpoint = defineEndpoint({
  ...invoicesContract.adminResendInvoice,
  guard: ADMIN_ONLY,
  async handler({ params, c, user }) {
    const services = c.get("services");
    await resendInvoice(services, params.id, user.id);
    const view = await invoiceView(services.db, params.id);
    if (!view) throw invoiceNotFound();
    return view;
  },
});

export const adminProductTaxEndpoint = defineEndpoint({
  ...invoicesContract.adminProductTax,
  guard: ADMIN_ONLY,
  async handler({ params, c }) {
    return readProductTax(c.get("services").db, params.id);
  },
});

export const adminSaveProductTaxEndpoint = defineEndpoint({
  ...invoicesContract.adminSaveProductTax,
  guard: ADMIN_ONLY,
  async handler({ params, body, c, user }) {
    return saveProductTax(c.get("services").db, params.id, body, user.id);
  },
});

export const myOrderInvoicesEndpoint = defineEndpoint({
  ...invoicesContract.myOrderInvoices,
  guard: USER_ONLY,
  async handler({ params, c, user }) {
    const { db } = c.get("services");
    if (!(await customerOrderStatus(db, params.id, user.id))) throw orderNotFound();
    return customerInvoices(db, params.id);
  },
});

export const invoiceEndpoints = [
  focusWebhookEndpoint,
  adminOrderInvoicesEndpoint,
  adminInvoicesToFixEndpoint,
  adminResendInvoiceEndpoint,
  adminProductTaxEndpoint,
  adminSaveProductTaxEndpoint,
  myOrderInvoicesEndpoint,
];
