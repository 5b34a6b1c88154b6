import { calculatePriceEndpoint } from "../calculate-price.ts";
import { clientErrorEndpoint } from "../client-errors.ts";
import {
  addAddressEndpoint,
  deleteAccountEndpoint,
  exportAccountEndpoint,
  listAddressesEndpoint,
  referralEndpoint,
  removeAddressEndpoint,
} from "../account/account-endpoints.ts";
import { isAdminEndpoint, listAdminsEndpoint } from "../auth/auth-endpoints.ts";
import { cartEndpoints } from "../cart/cart-endpoints.ts";
import { notificationEndpoints } from "../notifications/notification-endpoints.ts";
import { orderEndpoints } from "../orders/order-endpoints.ts";
import type { Endpoint } from "./api.ts";

/** Every JSON API operation of the shop; later features add theirs here. */
export const apiEndpoints: Endpoint[] = [
  clientErrorEndpoint,
  calculatePriceEndpoint,
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
  ...orderEndpoints,
  ...notificationEndpoints,
];
