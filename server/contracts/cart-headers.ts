/**
 * The cart's request and answer headers, read by the server (server/api/cart.ts) and sent by the
 * browser (app/features/cart/cart-client.ts): one spelling for both.
 */

/** Spec §6: the browser's cart session id; the server answers with it, empty when its token ended (decision 017). */
export const CART_SESSION_HEADER = "cart-session-id";

/** The browser tab that sends a cart write (a random id per page load), named in its realtime messages. */
export const CART_TAB_HEADER = "x-cart-tab";
