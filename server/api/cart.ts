import type { Context } from "hono";
import { z } from "zod";
import { addItem } from "#domain/cart/add-item.server.ts";
import { cartParcel, chooseShipping } from "#domain/cart/cart-shipping.server.ts";
import { quoteShipping } from "#domain/shipping/shipping-quote.server.ts";
import { type CartOwner, findSessionCart } from "#domain/cart/cart-store.server.ts";
import { invalidCartSession } from "#domain/cart/cart-errors.ts";
import { cepNotServed } from "#domain/shipping/shipping-errors.ts";
import { removeItem, updateItem } from "#domain/cart/change-item.server.ts";
import { migrateCart } from "#domain/cart/migrate-cart.server.ts";
import { checkCartStatus, countItems, readCart } from "#domain/cart/read-cart.server.ts";
import { cartContract } from "#server/contracts/cart.ts";
import { CART_SESSION_HEADER, CART_TAB_HEADER } from "#server/contracts/cart-headers.ts";
import { currentUser, USER_ONLY } from "#server/http/guards.ts";
import { defineEndpoint } from "#server/http/api.ts";
import type { AppEnv } from "#server/http/app-env.ts";
import type { Config } from "#platform/config.ts";
import { cartCookie, cartSessionIdOf, cartSessionOf, endedCartCookie, issueCartToken } from "#server/http/cart-token.ts";
import { servedOverHttps } from "#server/http/security-headers.ts";
import { refuseIfAgeRefused } from "#server/http/age-refusal.ts";

export { CART_SESSION_HEADER, CART_TAB_HEADER };

const uuidLike = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A malformed cart-session-id header is refused, as before; a well-formed one is only compared (browserCart). */
function checkSessionHeader(header: string | undefined): void {
  const value = header?.trim();
  if (value && !uuidLike.test(value)) {
    throw invalidCartSession();
  }
}

const cartTabInput = z.string().regex(/^[\w-]{1,64}$/);

/**
 * Only spares that tab a re-read, so a missing or odd one is ignored: it never makes a write
 * fail, and nothing unchecked reaches other browsers' event data.
 */
function cartTab(header: string | undefined): string | undefined {
  const parsed = cartTabInput.safeParse(header);
  return parsed.success ? parsed.data : undefined;
}

/**
 * The browser's cart session (decision 017): its cookie's token, when the server issued it, decides.
 * Spec §6's header keeps working for the browser's own id: it is the id the server answered with,
 * so it names the cookie's session; any other id (forged, all zeros, someone else's) reaches nothing.
 */
export function browserCart(config: Config, header: (name: string) => string | undefined) {
  checkSessionHeader(header(CART_SESSION_HEADER));
  return { ...cartSessionOf(config, header("cookie")), tab: cartTab(header(CART_TAB_HEADER)) };
}

/** Where the answer's cart headers are written. */
export type CartHeaders = { set: (name: string, value: string) => void; secure: boolean };

/** The session of an anonymous add: the browser's, or a new token (cookie) when it holds none. Tells the browser its id. */
export function addSession(config: Config, sessionId: string | null, out: CartHeaders): string {
  let id = sessionId;
  if (!id) {
    const token = issueCartToken(config);
    out.set("Set-Cookie", cartCookie(token, out.secure));
    id = cartSessionIdOf(token);
  }
  out.set(CART_SESSION_HEADER, id);
  return id;
}

function honoHeaders(c: Context<AppEnv>): CartHeaders {
  const { config } = c.get("services");
  return {
    set: (name, value) => c.header(name, value, { append: name === "Set-Cookie" }),
    secure: servedOverHttps(config.TRUST_PROXY, c.req.header("x-forwarded-proto"), () => c.req.url.startsWith("https:")),
  };
}

/**
 * Who is asking: the signed-in user (session cookie) and/or the browser's cart session (cart
 * cookie) and tab. `issue`: an anonymous caller without a cart token gets one (the first add).
 */
export async function cartOwner(c: Context<AppEnv>, issue = false): Promise<CartOwner> {
  const { config } = c.get("services");
  const browser = browserCart(config, (name) => c.req.header(name));
  const user = await currentUser(c);
  let sessionId = browser.sessionId;
  if (issue && !user) sessionId = addSession(config, sessionId, honoHeaders(c));
  else if (sessionId) c.header(CART_SESSION_HEADER, sessionId);
  return { userId: user?.id ?? null, sessionId, tab: browser.tab };
}

/**
 * Runs a cart operation for its caller. Signed in with a cart token whose cart has joined the
 * account (at sign-in, or by this very write), the token ends: its cookie is deleted and the browser
 * told to forget its id, so whoever holds that token later reaches nothing of the account's, and
 * the browser's next anonymous cart gets a new token (decision 017: the token is rotated).
 */
async function forCaller<T>(c: Context<AppEnv>, run: (owner: CartOwner) => Promise<T>, issue = false): Promise<T> {
  const owner = await cartOwner(c, issue);
  const result = await run(owner);
  if (owner.userId && owner.sessionId && !(await findSessionCart(c.get("services").db, owner.sessionId))) endCartToken(honoHeaders(c));
  return result;
}

/** Deletes the cart cookie and tells the browser to forget its id (an empty cart-session-id). */
function endCartToken(out: CartHeaders): void {
  out.set("Set-Cookie", endedCartCookie(out.secure));
  out.set(CART_SESSION_HEADER, "");
}

const origin = (c: Context<AppEnv>) => new URL(c.get("services").config.PUBLIC_URL).origin;

export const getCartEndpoint = defineEndpoint({
  ...cartContract.get,
  async handler({ c }) {
    return forCaller(c, (owner) => readCart(c.get("services"), owner, origin(c)));
  },
});

export const cartCountEndpoint = defineEndpoint({
  ...cartContract.count,
  async handler({ c }) {
    return forCaller(c, (owner) => countItems(c.get("services").db, owner));
  },
});

// The busiest write (every "Adicionar ao carrinho"): the first add of a visitor issues the cart token.
export const addItemEndpoint = defineEndpoint({
  ...cartContract.addItem,
  async handler({ body, c }) {
    // Adults only (decision 064): a browser that refused the age gate fills no cart.
    refuseIfAgeRefused(c);
    return forCaller(c, (owner) => addItem(c.get("services").db, owner, body), true);
  },
});

export const updateItemEndpoint = defineEndpoint({
  ...cartContract.updateItem,
  async handler({ body, params, c }) {
    refuseIfAgeRefused(c);
    return forCaller(c, (owner) => updateItem(c.get("services"), owner, params.id, body, origin(c)));
  },
});

export const removeItemEndpoint = defineEndpoint({
  ...cartContract.removeItem,
  async handler({ params, c }) {
    return forCaller(c, (owner) => removeItem(c.get("services"), owner, params.id, origin(c)));
  },
});

export const shippingQuoteEndpoint = defineEndpoint({
  ...cartContract.quoteShipping,
  async handler({ query, c }) {
    const services = c.get("services");
    // Priced for the caller's cart when there is one (its parcel), like the checkout.
    const result = await quoteShipping(services, query.cep, await forCaller(c, (owner) => cartParcel(services.db, owner)));
    if (result.options.length === 0) throw cepNotServed();
    return result;
  },
});

export const chooseShippingEndpoint = defineEndpoint({
  ...cartContract.chooseShipping,
  async handler({ body, c }) {
    return forCaller(c, (owner) => chooseShipping(c.get("services"), owner, body, origin(c)));
  },
});

export const cartStatusEndpoint = defineEndpoint({
  ...cartContract.status,
  async handler({ query, c }) {
    return forCaller(c, async (owner) => {
      const answer = await checkCartStatus(c.get("services").db, owner, query.cart_id);
      // A visitor's cart that became an order has served its token: it ends, so the browser keeps
      // no id for it (spec §4 clears cartSessionId) and its next cart gets a new token.
      if (answer.finished && !owner.userId && owner.sessionId) endCartToken(honoHeaders(c));
      return answer;
    });
  },
});

export const migrateCartEndpoint = defineEndpoint({
  ...cartContract.migrate,
  guard: USER_ONLY,
  async handler({ c, user }) {
    // Only the cart of the token this browser holds: an id sent in a header claims nothing.
    return forCaller(c, async (owner) => ({
      migrated: owner.sessionId ? await migrateCart(c.get("services").db, user.id, owner.sessionId, owner.tab) : false,
    }));
  },
});

export const cartEndpoints = [
  getCartEndpoint,
  cartCountEndpoint,
  addItemEndpoint,
  updateItemEndpoint,
  removeItemEndpoint,
  shippingQuoteEndpoint,
  chooseShippingEndpoint,
  cartStatusEndpoint,
  migrateCartEndpoint,
];
