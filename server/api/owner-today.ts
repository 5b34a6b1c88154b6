import { ownerToday } from "#domain/orders/owner-today.server.ts";
import { defineEndpoint } from "#server/http/api.ts";
import { ADMIN_ONLY } from "#server/http/guards.ts";
import { ownerTodayContract } from "#server/contracts/owner-today.ts";

/** The owner's first screen on a phone (issue 31 item 5, decision 072). Admins only. */
export const ownerTodayEndpoint = defineEndpoint({
  ...ownerTodayContract.ownerToday,
  guard: ADMIN_ONLY,
  handler: ({ c }) => ownerToday(c.get("services").db),
});
