import { vapidKeys } from "#domain/push/push-keys.server.ts";
import { testPush } from "#domain/push/push-messages.ts";
import { enqueueTestPush } from "#domain/push/push-queue.server.ts";
import { listDevices, removeDevice, saveSubscription, setDeviceEvents } from "#domain/push/push-subscriptions.server.ts";
import { currentShopSettings } from "#domain/settings/shop-settings.server.ts";
import { defineEndpoint } from "#server/http/api.ts";
import { ADMIN_ONLY, USER_ONLY } from "#server/http/guards.ts";
import { pushContract } from "#server/contracts/push.ts";

/** Web Push (issue 31, decision 070): the owner's devices (admins only) and a customer's own. */

export const publicKeyEndpoint = defineEndpoint({
  ...pushContract.publicKey,
  guard: USER_ONLY,
  async handler({ c }) {
    return { publicKey: (await vapidKeys(c.get("services"))).publicKey };
  },
});

export const ownerDevicesEndpoint = defineEndpoint({
  ...pushContract.ownerDevices,
  guard: ADMIN_ONLY,
  async handler({ c, user }) {
    return { devices: await listDevices(c.get("services").db, user.id, "owner") };
  },
});

export const addOwnerDeviceEndpoint = defineEndpoint({
  ...pushContract.addOwnerDevice,
  guard: ADMIN_ONLY,
  handler: ({ c, user, body }) => saveSubscription(c.get("services").db, user.id, "owner", body),
});

export const setOwnerDeviceEventsEndpoint = defineEndpoint({
  ...pushContract.setOwnerDeviceEvents,
  guard: ADMIN_ONLY,
  handler: ({ c, user, params, body }) => setDeviceEvents(c.get("services").db, user.id, params.id, body.events),
});

export const removeOwnerDeviceEndpoint = defineEndpoint({
  ...pushContract.removeOwnerDevice,
  guard: ADMIN_ONLY,
  async handler({ c, user, params }) {
    await removeDevice(c.get("services").db, user.id, params.id);
    return null;
  },
});

export const testOwnerPushEndpoint = defineEndpoint({
  ...pushContract.testOwnerPush,
  guard: ADMIN_ONLY,
  async handler({ c, user }) {
    const services = c.get("services");
    const { shopName } = await currentShopSettings(services);
    return { devices: await enqueueTestPush(services.db, services, user.id, "owner", testPush("/admin", shopName)) };
  },
});

export const customerDevicesEndpoint = defineEndpoint({
  ...pushContract.customerDevices,
  guard: USER_ONLY,
  async handler({ c, user }) {
    return { devices: await listDevices(c.get("services").db, user.id, "customer") };
  },
});

export const addCustomerDeviceEndpoint = defineEndpoint({
  ...pushContract.addCustomerDevice,
  guard: USER_ONLY,
  handler: ({ c, user, body }) => saveSubscription(c.get("services").db, user.id, "customer", body),
});

export const removeCustomerDeviceEndpoint = defineEndpoint({
  ...pushContract.removeCustomerDevice,
  guard: USER_ONLY,
  async handler({ c, user, params }) {
    await removeDevice(c.get("services").db, user.id, params.id);
    return null;
  },
});

export const pushEndpoints = [
  publicKeyEndpoint,
  ownerDevicesEndpoint,
  addOwnerDeviceEndpoint,
  setOwnerDeviceEventsEndpoint,
  removeOwnerDeviceEndpoint,
  testOwnerPushEndpoint,
  customerDevicesEndpoint,
  addCustomerDeviceEndpoint,
  removeCustomerDeviceEndpoint,
];
