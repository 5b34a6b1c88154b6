import { z } from "zod";
import { orderNotFound } from "#domain/errors.ts";
import {
  bulkLabelsInput,
  bulkLabelsResultSchema,
  labelWebhookReceivedSchema,
  melhorEnvioWebhookSchema,
  orderLabelSchema,
  printLabelsQuery,
  walletSchema,
} from "#domain/labels/label-schemas.ts";
import { defineContract, uuidParam } from "#server/contracts/define-contract.ts";
import { labelsRoutes } from "#server/contracts/labels.routes.ts";

const orderParams = z.object({ id: uuidParam(orderNotFound) });

/** Labels through Melhor Envio and its tracking webhook (issue 30 items 4 and 5, decisions 078 and 079). */
export const labelsContract = defineContract(labelsRoutes, {
  labelWallet: {
    operationId: "adminLabelWallet",
    summary: "O saldo da carteira do Melhor Envio, mostrado antes de comprar etiquetas",
    tag: "admin",
    response: walletSchema,
  },
  orderLabel: {
    operationId: "adminOrderLabel",
    summary: "A etiqueta do pedido (estado, passo, erro em português, histórico) e, sem etiqueta, por que não pode ser comprada",
    tag: "admin",
    params: orderParams,
    response: orderLabelSchema,
  },
  buyLabel: {
    operationId: "adminBuyLabel",
    summary:
      "Comprar etiqueta: carrinho → pagamento com a carteira → geração → impressão no Melhor Envio, em tarefas que retomam do passo em que pararam; uma recusada é comprada de novo do mesmo passo",
    tag: "admin",
    params: orderParams,
    response: orderLabelSchema,
  },
  cancelLabel: {
    operationId: "adminCancelLabel",
    summary: "Cancela a etiqueta antes da postagem (o valor volta à carteira do Melhor Envio)",
    tag: "admin",
    params: orderParams,
    response: orderLabelSchema,
  },
  buyLabels: {
    operationId: "adminBuyLabels",
    summary: "Comprar etiquetas para os pedidos pagos selecionados: cada um comprado ou recusado com o motivo, e um só link de impressão",
    tag: "admin",
    body: bulkLabelsInput,
    response: bulkLabelsResultSchema,
  },
  printLabels: {
    operationId: "adminPrintLabels",
    summary: "Um PDF com as etiquetas prontas dos pedidos escolhidos e uma lista de separação por pedido (só o que vai na caixa)",
    tag: "admin",
    query: printLabelsQuery,
    response: z.custom<Response>((value) => value instanceof Response),
    produces: "application/pdf",
  },
  melhorEnvioWebhook: {
    operationId: "melhorEnvioWebhook",
    summary:
      "Notificação do Melhor Envio (X-ME-Signature: HMAC-SHA256 do corpo com o segredo do aplicativo, base64 ou hex); o rastreio é relido em /shipment/tracking e cada (envio, evento) aplicado uma vez",
    tag: "envio",
    callers: "provider",
    body: melhorEnvioWebhookSchema,
    response: labelWebhookReceivedSchema,
  },
});
