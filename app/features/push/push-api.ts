import { apiClient } from "#app/lib/api-client.ts";
import type { OwnerPushEvent } from "#domain/push/push-events.ts";
import type { PushSubscriptionInput } from "#domain/push/push-schemas.ts";
import type { pushContract } from "#server/contracts/push.ts";
import { pushRoutes } from "#server/contracts/push.routes.ts";

/** The push calls (server/contracts/push.ts), typed by their contract. */

const push = apiClient<typeof pushContract>(pushRoutes, { fallbackMessage: "Não foi possível concluir. Tente novamente." });

type Subscription = Omit<PushSubscriptionInput, "deviceLabel"> & { deviceLabel?: string };

export const pushApi = {
  publicKey: () => push.call("publicKey"),
  ownerDevices: () => push.call("ownerDevices"),
  addOwnerDevice: (body: Subscription) => push.call("addOwnerDevice", { body }),
  setOwnerDeviceEvents: (id: string, events: OwnerPushEvent[]) => push.call("setOwnerDeviceEvents", { params: { id }, body: { events } }),
  removeOwnerDevice: (id: string) => push.call("removeOwnerDevice", { params: { id } }),
  testOwnerPush: () => push.call("testOwnerPush", { body: {} }),
  customerDevices: () => push.call("customerDevices"),
  addCustomerDevice: (body: Subscription) => push.call("addCustomerDevice", { body }),
  removeCustomerDevice: (id: string) => push.call("removeCustomerDevice", { params: { id } }),
};

export const pushKeys = { owner: ["push", "owner-devices"] as const, customer: ["push", "customer-devices"] as const };
