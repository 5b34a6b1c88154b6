import { quoteCartShipping } from "#domain/checkout/checkout-cart.server.ts";
import { lookupCep } from "#domain/shipping/cep-lookup.server.ts";
import { readShippingTable, replaceShippingTable } from "#domain/shipping/shipping-table.server.ts";
import { defineEndpoint } from "#server/http/api.ts";
import { ADMIN_ONLY, USER_ONLY } from "#server/http/guards.ts";
import { shippingContract } from "#server/contracts/shipping.ts";

/*
 * Shipping: the checkout's CEP lookup and quote (issue 6, decision 005) and the owner's shipping
 * table (issue 17 item 7, decision 021). The cart's own quote (GET /shipping/quote) stays in
 * server/api/cart.ts: it prices the caller's cart, found through the cart's token.
 */

/**
 * The CEP travels in a POST body, never in the URL: a CEP is personal data (with a house number it
 * names a home), and URLs end up in access logs, proxies and browser history (issue 16 item 7).
 */
export const cepLookupEndpoint = defineEndpoint({
  ...shippingContract.cepLookup,
  guard: USER_ONLY,
  async handler({ body, c }) {
    const { config } = c.get("services");
    return lookupCep(body.cep, { baseUrl: config.CEP_LOOKUP_URL, timeoutMs: config.CEP_LOOKUP_TIMEOUT_MS });
  },
});

/** Where the lookup lived until the CEP left the URL; pages still open from before get 410, not a lookup. */
export const RETIRED_CEP_LOOKUP_PATH = "/checkout/cep/*";

export const checkoutShippingQuoteEndpoint = defineEndpoint({
  ...shippingContract.checkoutShippingQuote,
  guard: USER_ONLY,
  async handler({ body, c, user }) {
    return quoteCartShipping(c.get("services"), user.id, body.cep);
  },
});

export const adminGetShippingRatesEndpoint = defineEndpoint({
  ...shippingContract.adminGetShippingRates,
  guard: ADMIN_ONLY,
  async handler({ c }) {
    return readShippingTable(c.get("services").db);
  },
});

export const adminPutShippingRatesEndpoint = defineEndpoint({
  ...shippingContract.adminPutShippingRates,
  guard: ADMIN_ONLY,
  async handler({ body, c, user }) {
    return replaceShippingTable(c.get("services").db, body, user.id);
  },
});

export const shippingEndpoints = [cepLookupEndpoint, checkoutShippingQuoteEndpoint];
export const adminShippingEndpoints = [adminGetShippingRatesEndpoint, adminPutShippingRatesEndpoint];
