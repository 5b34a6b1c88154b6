import { z } from "zod";
import { itemNotFound } from "#domain/cart/cart-errors.ts";
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
import { cepSchema } from "#domain/shipping/cep-schema.ts";
import { defineContract, uuidParam } from "#server/contracts/define-contract.ts";
import { cartRoutes } from "#server/contracts/cart.routes.ts";

export const chooseShippingInput = z.object({
  cep: cepSchema,
  method: z.string({ error: "informe a forma de envio" }).min(1, { error: "informe a forma de envio" }).max(40),
});

/** Anything that is not a line of the caller's cart, malformed ids included, is the spec's "Item not found". */
const itemParams = z.object({ id: uuidParam(itemNotFound) });

const TAG = "carrinho";

/** The cart's operations (issue 5); "optional" session: the account's cart, or the browser's (cart cookie). */
export const cartContract = defineContract(cartRoutes, {
  get: {
    operationId: "getCart",
    session: "optional",
    summary: "O carrinho de quem chama (conta ou cookie do carrinho), com itens e totais",
    tag: TAG,
    response: cartViewSchema,
  },
  count: {
    operationId: "countCartItems",
    session: "optional",
    summary: "Quantos itens (linhas) o carrinho tem",
    tag: TAG,
    response: cartCountSchema,
  },
  addItem: {
    operationId: "addCartItem",
    session: "optional",
    summary: "Adiciona um produto ao carrinho (o mesmo produto de novo soma a quantidade); cria o carrinho",
    tag: TAG,
    body: addItemInput,
    status: 201,
    response: addItemResultSchema,
  },
  updateItem: {
    operationId: "updateCartItem",
    session: "optional",
    summary: "Muda a quantidade ou a embalagem de um item do carrinho",
    tag: TAG,
    params: itemParams,
    body: updateItemInput,
    response: cartViewSchema,
  },
  removeItem: {
    operationId: "removeCartItem",
    session: "optional",
    summary: "Remove um item do carrinho",
    tag: TAG,
    params: itemParams,
    response: cartViewSchema,
  },
  quoteShipping: {
    operationId: "quoteShipping",
    session: "optional",
    summary: "Formas de envio e preços para um CEP (tabela por região)",
    tag: TAG,
    query: z.object({ cep: cepSchema }),
    response: cartShippingQuoteSchema,
  },
  chooseShipping: {
    operationId: "chooseCartShipping",
    session: "optional",
    summary: "Escolhe a forma de envio do carrinho (o preço vem da tabela)",
    tag: TAG,
    body: chooseShippingInput,
    response: cartViewSchema,
  },
  status: {
    operationId: "checkCartStatus",
    session: "optional",
    summary: "Verificação de carrinho finalizado (spec §4): o carrinho conhecido virou completed ou pending_payment?",
    tag: TAG,
    query: z.object({ cart_id: z.uuid({ error: "cart_id deve ser um UUID" }).optional() }),
    response: cartStatusCheckSchema,
  },
  migrate: {
    operationId: "migrateCart",
    summary: "Leva o carrinho anônimo deste navegador (cookie do carrinho) para a conta, somando itens; o cookie é encerrado",
    tag: TAG,
    response: cartMigrationSchema,
  },
});
