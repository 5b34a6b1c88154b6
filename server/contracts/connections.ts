import { z } from "zod";
import {
  authorizationCallbackInput,
  authorizationStartSchema,
  connectionsSchema,
  pastedTokenInput,
} from "#domain/connections/connection-schemas.ts";
import { defineContract } from "#server/contracts/define-contract.ts";
import { connectionsRoutes } from "#server/contracts/connections.routes.ts";

/** The shop's accounts at Melhor Envio and Focus NFe (issue 30 item 7, decision 075). Admins only; never a token in an answer. */
export const connectionsContract = defineContract(connectionsRoutes, {
  getConnections: {
    operationId: "adminGetConnections",
    summary:
      "As conexões da loja com o Melhor Envio e a Focus NFe: de onde vem o token (autorização, token colado, variável de ambiente), a conta, quando vence, a última renovação e o último erro; nunca o token",
    tag: "admin",
    response: connectionsSchema,
  },
  startMelhorEnvioAuthorization: {
    operationId: "adminStartMelhorEnvioAuthorization",
    summary:
      "Começa a conexão com o Melhor Envio por OAuth2: devolve o endereço de autorização do Melhor Envio, com um `state` ligado a este administrador e a esta sessão por 10 minutos",
    tag: "admin",
    body: z.object({}).strict(),
    response: authorizationStartSchema,
  },
  finishMelhorEnvioAuthorization: {
    operationId: "adminFinishMelhorEnvioAuthorization",
    summary:
      "Termina a conexão com o código e o `state` que o Melhor Envio devolveu: o `state` precisa ser desta sessão e é usado uma vez; o código vira tokens guardados cifrados",
    tag: "admin",
    body: authorizationCallbackInput,
    response: connectionsSchema,
  },
  pasteMelhorEnvioToken: {
    operationId: "adminPasteMelhorEnvioToken",
    summary: "Conecta o Melhor Envio com um token pessoal (Gerenciar › Tokens), conferido no Melhor Envio e guardado cifrado",
    tag: "admin",
    body: pastedTokenInput,
    response: connectionsSchema,
  },
  disconnectMelhorEnvio: {
    operationId: "adminDisconnectMelhorEnvio",
    summary: "Esquece o token salvo do Melhor Envio (o de MELHOR_ENVIO_TOKEN, se houver, volta a valer)",
    tag: "admin",
    response: connectionsSchema,
  },
  pasteFocusNfeToken: {
    operationId: "adminPasteFocusNfeToken",
    summary: "Guarda, cifrado, o token da empresa na Focus NFe (Painel › Minhas empresas › Tokens)",
    tag: "admin",
    body: pastedTokenInput,
    response: connectionsSchema,
  },
  disconnectFocusNfe: {
    operationId: "adminDisconnectFocusNfe",
    summary: "Esquece o token salvo da Focus NFe (o de FOCUS_NFE_TOKEN, se houver, volta a valer)",
    tag: "admin",
    response: connectionsSchema,
  },
});
