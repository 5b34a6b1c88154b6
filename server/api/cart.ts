import type { Context } from "hono";
import { z } from "zod";
import { addItem } from "#domain/cart/add-item.server.ts";
import { cartWeightGrams, chooseShipping, quoteShipping } from "#domain/cart/cart-shipping.server.ts";
import { type CartOwner, itemNotFound } from "#domain/cart/cart-store.server.ts";
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
import { defineEndpoint, withAnonymousLeanLane } from "#server/http/api.ts";
import type { AppEnv } from "#server/http/app-env.ts";
import { ApiError } from "#server/http/errors.ts";
import { uuidParam } from "#server/http/params.ts";

/** Spec §6: the anonymous cart's session id travels in this header. */
export const CART_SESSION_HEADER = "cart-session-id";

const uuidLike = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The browser's cart session from its header: a UUID, or none. */
function cartSessionId(header: string | undefined): string | null {
  const value = header?.trim();
  if (value && !uuidLike.test(value)) {
    throw new ApiError(400, "invalid_cart_session", "O identificador do carrinho (cart-session-id) deve ser um UUID.");
  }
  return value ? value.toLowerCase() : null;
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

/** What the browser's headers say: its cart session (a malformed one is refused) and its tab. */
function browserOf(header: (name: string) => string | undefined) {
  return { sessionId: cartSessionId(header(CART_SESSION_HEADER)), tab: cartTab(header(CART_TAB_HEADER)) };
}

/** Who is asking: the signed-in user (cookie) and/or the browser's cart session and tab (headers). */
export async function cartOwner(c: Context<AppEnv>): Promise<CartOwner> {
  const browser = browserOf((name) => c.req.header(name));
  const user = await currentUser(c);
  return { userId: user?.id ?? null, ...browser };
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
  summary: "O carrinho de quem chama (conta ou cabeçalho cart-session-id), com itens e totais",
  tag: TAG,
  response: cartViewSchema,
  async handler({ c }) {
    return readCart(c.get("services").db, await cartOwner(c), origin(c));
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
    return countItems(c.get("services").db, await cartOwner(c));
  },
});

// The busiest write (every "Adicionar ao carrinho"): anonymous visitors are served by the lean lane (decision 006).
export const addItemEndpoint = withAnonymousLeanLane(
  {
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
      return addItem(c.get("services").db, await cartOwner(c), body);
    },
  },
  ({ body, services, header }) => addItem(services.db, { userId: null, ...browserOf(header) }, body),
);

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
    return updateItem(c.get("services").db, await cartOwner(c), params.id, body, origin(c));
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
    return removeItem(c.get("services").db, await cartOwner(c), params.id, origin(c));
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
    const result = await quoteShipping(db, query.cep, await cartWeightGrams(db, await cartOwner(c)));
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
    return chooseShipping(c.get("services").db, await cartOwner(c), body, origin(c));
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
    return checkCartStatus(c.get("services").db, await cartOwner(c), query.cart_id);
  },
});

export const migrateCartEndpoint = defineEndpoint({
  method: "post",
  path: "/cart/migrate",
  operationId: "migrateCart",
  summary: "Leva o carrinho anônimo desta sessão (cart-session-id) para a conta, somando itens",
  tag: TAG,
  guard: USER_ONLY,
  response: cartMigrationSchema,
  async handler({ c, user }) {
    const owner = await cartOwner(c);
    if (!owner.sessionId) return { migrated: false };
    return { migrated: await migrateCart(c.get("services").db, user.id, owner.sessionId, owner.tab) };
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
