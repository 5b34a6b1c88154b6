/** The push operations' methods and paths (under /api): zod-free, what the browser loads to call them (decision 046). */

export const pushRoutes = {
  // Any signed-in account (the owner and customers subscribe to the same key).
  publicKey: { method: "get", path: "/account/push/public-key" },
  // The owner's devices (admins): every admin is told of the shop's events.
  ownerDevices: { method: "get", path: "/admin/push/devices" },
  addOwnerDevice: { method: "post", path: "/admin/push/devices" },
  setOwnerDeviceEvents: { method: "put", path: "/admin/push/devices/:id/events" },
  removeOwnerDevice: { method: "delete", path: "/admin/push/devices/:id" },
  testOwnerPush: { method: "post", path: "/admin/push/test" },
  // A customer's devices: their orders' news (off until they turn it on).
  customerDevices: { method: "get", path: "/account/push/devices" },
  addCustomerDevice: { method: "post", path: "/account/push/devices" },
  removeCustomerDevice: { method: "delete", path: "/account/push/devices/:id" },
} as const;
