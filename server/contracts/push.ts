import { z } from "zod";
import { pushDeviceNotFound } from "#domain/push/push-errors.ts";
import {
  ownerPushEventsSchema,
  pushDeviceSchema,
  pushDevicesSchema,
  pushSubscriptionSchema,
  testPushSentSchema,
  vapidPublicKeySchema,
} from "#domain/push/push-schemas.ts";
import { defineContract, uuidParam } from "#server/contracts/define-contract.ts";
import { pushRoutes } from "#server/contracts/push.routes.ts";

const deviceParams = z.object({ id: uuidParam(pushDeviceNotFound) });

/** Web Push (issue 31, decision 070): the owner's devices and a customer's, with the shop's VAPID key. */
export const pushContract = defineContract(pushRoutes, {
  publicKey: {
    operationId: "pushPublicKey",
    summary: "Chave pública VAPID da loja (applicationServerKey de pushManager.subscribe)",
    tag: "notificações",
    response: vapidPublicKeySchema,
  },
  ownerDevices: {
    operationId: "adminPushDevices",
    summary: "Aparelhos do administrador conectado que recebem notificações, com os eventos escolhidos em cada um",
    tag: "admin",
    response: pushDevicesSchema,
  },
  addOwnerDevice: {
    operationId: "adminAddPushDevice",
    summary: "Ativa as notificações neste aparelho (a assinatura de PushSubscription.toJSON()); um aparelho novo recebe todos os eventos",
    tag: "admin",
    body: pushSubscriptionSchema,
    response: pushDeviceSchema,
    status: 201,
  },
  setOwnerDeviceEvents: {
    operationId: "adminSetPushDeviceEvents",
    summary: "Escolhe os eventos que este aparelho recebe",
    tag: "admin",
    params: deviceParams,
    body: ownerPushEventsSchema,
    response: pushDeviceSchema,
  },
  removeOwnerDevice: {
    operationId: "adminRemovePushDevice",
    summary: "Remove um aparelho: ele não recebe mais notificações",
    tag: "admin",
    params: deviceParams,
    response: z.null(),
    status: 204,
  },
  testOwnerPush: {
    operationId: "adminTestPush",
    summary: "Envia uma notificação de teste a cada aparelho do administrador conectado",
    tag: "admin",
    body: z.object({}).strict(),
    response: testPushSentSchema,
  },
  customerDevices: {
    operationId: "accountPushDevices",
    summary: "Aparelhos da conta conectada que recebem as notícias dos pedidos",
    tag: "conta",
    response: pushDevicesSchema,
  },
  addCustomerDevice: {
    operationId: "accountAddPushDevice",
    summary: "Ativa neste aparelho as notificações dos pedidos (pagamento confirmado, mudança de status, rastreio, lembrete de avaliação)",
    tag: "conta",
    body: pushSubscriptionSchema,
    response: pushDeviceSchema,
    status: 201,
  },
  removeCustomerDevice: {
    operationId: "accountRemovePushDevice",
    summary: "Desativa as notificações dos pedidos neste aparelho",
    tag: "conta",
    params: deviceParams,
    response: z.null(),
    status: 204,
  },
});
