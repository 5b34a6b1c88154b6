/**
 * An order whose provider's Pix is still being made after its commit (decision 045), as the
 * customer's pages show it. Browser-safe: the order pages import it.
 */

/** Published on the customer's own topic when the order's Pix appears or its making failed: the page re-reads. */
export const ORDER_PIX_EVENT = "order_pix";

/** `generating`: the provider is being asked; `failed`: the last try failed and the shop keeps trying. */
export type PixGeneration = "generating" | "failed";

export const PIX_GENERATING_TEXT = "Gerando seu Pix…";
export const PIX_GENERATING_HINT = "Leva só alguns segundos. O código aparece aqui sozinho, sem recarregar a página.";
export const PIX_FAILED_TEXT = "Ainda não conseguimos gerar seu Pix.";
export const PIX_FAILED_HINT =
  "O banco que gera o Pix não respondeu. Seu pedido e os itens estão guardados, e continuamos tentando sozinhos: mantenha esta página aberta ou volte por Meus pedidos, e o código aparece assim que ficar pronto. Se ele não aparecer até o fim do prazo, o pedido é cancelado sem cobrança e os itens voltam para o carrinho. Dúvidas? Fale com a gente pelo WhatsApp.";
