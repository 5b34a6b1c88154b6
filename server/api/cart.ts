import type { Context } from "hono";
import { z } from "zod";
import { addItem } from "#domain/cart/add-item.server.ts";
import { cartWeightGrams, chooseShipping, quoteShipping } from "#domain/cart/cart-shipping.server.ts";
import { type CartOwner, findSessionCart, itemNotFound } from "#domain/cart/cart-store.server.ts";
import { removeItem, updateItem } from "#domain/cart/change-item.server.ts";
import { migrateCart } from "#domain/cart/migrate-cart.server.ts";
import { checkCartStatus, countItems, readCart } from "#domain/cart/read-cart.server.ts";
import { normalizeCep } from "#domain/cart/cart-rules.ts";
import {
  addItemInput,
  addItemResultSchema,
  cartCountSchema,
  cartMigrationSchema,
  cartShippingQuoteSchema,
  cartStatusCheckSchema,
  cartViewSchema,
  updateItemInput,
} from "#domain/cart/cart-schemas.ts";
import { currentUser, USER_ONLY } from "#server/http/guards.ts";
import { defineEndpoint } from "#server/http/api.ts";
import type { AppEnv } from "#server/http/app-env.ts";
import { ApiError } from "#server/http/errors.ts";
import { uuidParam } from "#server/http/params.ts";
import type { Config } from "#platform/config.ts";
import {
  CART_SESSION_HEADER,
  cartCookie,
  cartSessionIdOf,
  cartSessionOf,
  endedCartCookie,
  issueCartToken,
} from "#server/http/cart-token.ts";
import { servedOverHttps } from "#server/http/security-headers.ts";

export { CART_SESSION_HEADER };

const uuidLike = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A malformed cart-session-id header is refused, as before; a well-formed one is only compared (browserCart). */
function checkSessionHeader(header: string | undefined): void {
  const value = header?.trim();
  if (value && !uuidLike.test(value)) {
    throw new ApiError(400, "invalid_cart_session", "O identificador do carrinho (cart-session-id) deve ser um UUID.");
  }
}

/** The browser tab that sends a cart write (a random id per page load), named in its realtime messages. */
export const CART_TAB_HEADER = "x-cart-tab";

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

const cep = z
  .string({ error: "informe o CEP" })
  .max(20, { error: "CEP inválido" })
  .transform((value, ctx) => {
    const digits = normalizeCep(value);
    if (!digits) {
      ctx.addIssue({ code: "custom", message: "CEP inválido: use 8 dígitos, como 01310-100" });
      return z.NEVER;
    }
    return digits;
  });

export const chooseShippingInput = z.object({
  cep,
  method: z.string({ error: "informe a forma de envio" }).min(1, { error: "informe a forma de envio" }).max(40),
});

/** Anything that is not a line of the caller's cart, malformed ids included, is the spec's "Item not found". */
const itemParams = z.object({ id: uuidParam(itemNotFound) });

const TAG = "carrinho";

export const getCartEndpoint = defineEndpoint({
  method: "get",
  path: "/cart",
  operationId: "getCart",
  session: "optional",
  summary: "O carrinho de quem chama (conta ou cookie do carrinho), com itens e totais",
  tag: TAG,
  response: cartViewSchema,
  async handler({ c }) {
    return forCaller(c, (owner) => readCart(c.get("services").db, owner, origin(c)));
  },
});

export const cartCountEndpoint = defineEndpoint({
  method: "get",
  path: "/cart/count",
  operationId: "countCartItems",
  session: "optional",
  summary: "Quantos itens (linhas) o carrinho tem",
  tag: TAG,
  response: cartCountSchema,
  async handler({ c }) {
    return forCaller(c, (owner) => countItems(c.get("services").db, owner));
  },
});

// The busiest write (every "Adicionar ao carrinho"): the first add of a visitor issues the cart token.
export const addItemEndpoint = defineEndpoint({
  method: "post",
  path: "/cart/items",
  operationId: "addCartItem",
  session: "optional",
  summary: "Adiciona um produto ao carrinho (o mesmo produto de novo soma a quantidade); cria o carrinho",
  tag: TAG,
  body: addItemInput,
  status: 201,
  response: addItemResultSchema,
  async handler({ body, c }) {
    return forCaller(c, (owner) => addItem(c.get("services").db, owner, body), true);
  },
});

export const updateItemEndpoint = defineEndpoint({
  method: "patch",
  path: "/cart/items/:id",
  operationId: "updateCartItem",
  session: "optional",
  summary: "Muda a quantidade ou a embalagem de um item do carrinho",
  tag: TAG,
  params: itemParams,
  body: updateItemInput,
  response: cartViewSchema,
  async handler({ body, params, c }) {
    return forCaller(c, (owner) => updateItem(c.get("services").db, owner, params.id, body, origin(c)));
  },
});

export const removeItemEndpoint = defineEndpoint({
  method: "delete",
  path: "/cart/items/:id",
  operationId: "removeCartItem",
  session: "optional",
  summary: "Remove um item do carrinho",
  tag: TAG,
  params: itemParams,
  response: cartViewSchema,
  async handler({ params, c }) {
    return forCaller(c, (owner) => removeItem(c.get("services").db, owner, params.id, origin(c)));
  },
});

export const shippingQuoteEndpoint = defineEndpoint({
  method: "get",
  path: "/shipping/quote",
  operationId: "quoteShipping",
  session: "optional",
  summary: "Formas de envio e preços para um CEP (tabela por região)",
  tag: TAG,
  query: z.object({ cep }),
  response: cartShippingQuoteSchema,
  async handler({ query, c }) {
    const db = c.get("services").db;
    // Priced for the caller's cart when there is one (its weight band), like the checkout.
    const result = await quoteShipping(db, query.cep, await forCaller(c, (owner) => cartWeightGrams(db, owner)));
    if (!result) throw new ApiError(422, "cep_not_served", "Não entregamos neste CEP.");
    return result;
  },
});

export const chooseShippingEndpoint = defineEndpoint({
  method: "put",
  path: "/cart/shipping",
  operationId: "chooseCartShipping",
  session: "optional",
  summary: "Escolhe a forma de envio do carrinho (o preço vem da tabela)",
  tag: TAG,
  body: chooseShippingInput,
  response: cartViewSchema,
  async handler({ body, c }) {
    return forCaller(c, (owner) => chooseShipping(c.get("services").db, owner, body, origin(c)));
  },
});

export const cartStatusEndpoint = defineEndpoint({
  method: "get",
  path: "/cart/status",
  operationId: "checkCartStatus",
  session: "optional",
  summary: "Verificação de carrinho finalizado (spec §4): o carrinho conhecido virou completed ou pending_payment?",
  tag: TAG,
  query: z.object({ cart_id: z.uuid({ error: "cart_id deve ser um UUID" }).optional() }),
  response: cartStatusCheckSchema,
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
  method: "post",
  path: "/cart/migrate",
  operationId: "migrateCart",
  summary: "Leva o carrinho anônimo deste navegador (cookie do carrinho) para a conta, somando itens; o cookie é encerrado",
  tag: TAG,
  guard: USER_ONLY,
  response: cartMigrationSchema,
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
