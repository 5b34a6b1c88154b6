import { accountGone, addressNotFound, tooManyAddresses, wrongPassword } from "#domain/account/account-errors.ts";
import { deleteCookie } from "hono/cookie";
import { addAddress, deleteAccount, listAddresses, MAX_ADDRESSES, removeAddress } from "#domain/account/account-data.server.ts";
import { forgetCheckoutAttempts } from "#domain/checkout/checkout-attempts.server.ts";
import { exportAccountData } from "#domain/account/account-export.server.ts";
import { USER_ONLY } from "#server/http/guards.ts";
import { authFor, verifyAccountPassword } from "#domain/auth/auth.server.ts";
import { announceSessionEnded } from "#domain/auth/session-ended.server.ts";
import { AUTH_RATE_RULES, consumeRate, rateKey } from "#platform/rate-limit.ts";
import { defineEndpoint } from "#server/http/api.ts";
import { clientAddress, normalizeAddress } from "#server/http/client-address.ts";
import { rateLimitedError } from "#server/http/errors.ts";
import { accountContract } from "#server/contracts/account.ts";

/** The customer panel's own data (/cliente): addresses, LGPD export and deletion; the referral link is server/api/referrals.ts. */

export const listAddressesEndpoint = defineEndpoint({
  ...accountContract.listAddresses,
  guard: USER_ONLY,
  async handler({ c, user }) {
    return { addresses: await listAddresses(c.get("services").db, user.id) };
  },
});

export const addAddressEndpoint = defineEndpoint({
  ...accountContract.addAddress,
  guard: USER_ONLY,
  async handler({ body, c, user }) {
    const address = await addAddress(c.get("services").db, user.id, body);
    if (!address) throw tooManyAddresses(MAX_ADDRESSES);
    return address;
  },
});

export const removeAddressEndpoint = defineEndpoint({
  ...accountContract.removeAddress,
  guard: USER_ONLY,
  async handler({ params, c, user }) {
    // Someone else's address answers exactly like one that does not exist.
    if (!(await removeAddress(c.get("services").db, user.id, params.id))) throw addressNotFound();
    return null;
  },
});

export const exportAccountEndpoint = defineEndpoint({
  ...accountContract.exportAccount,
  guard: USER_ONLY,
  async handler({ c, user }) {
    const data = await exportAccountData(c.get("services").db, user.id);
    if (!data) throw accountGone();
    c.header("Content-Disposition", `attachment; filename="meus-dados-loja-micologia.json"`);
    return data;
  },
});

export const deleteAccountEndpoint = defineEndpoint({
  ...accountContract.deleteAccount,
  guard: USER_ONLY,
  async handler({ body, c, user }) {
    const services = c.get("services");
    // The password proves it is the customer, not someone at an unlocked phone; guesses are limited.
    const address = normalizeAddress(clientAddress(c, services.config.TRUST_PROXY));
    const decision = await consumeRate(
      services.db,
      rateKey("delete-account", user.id, address),
      AUTH_RATE_RULES.signInPerAccountAndAddress,
    );
    if (!decision.allowed) throw rateLimitedError(decision.retryAfterSeconds);
    if (!(await verifyAccountPassword(services, user.id, body.password))) throw wrongPassword();

    // Checkout forgets the person's attempts in the same transaction (checkout imports account, decision 048).
    await deleteAccount(services, user.id, { forgetCheckoutAttempts });
    // Its open event streams end now, on every instance, not at their next heartbeat.
    await announceSessionEnded(services.db, user.id).catch((error: unknown) =>
      services.logger.warn({ err: error }, "session end not announced"),
    );
    const cookie = (await authFor(services).$context).authCookies.sessionToken;
    deleteCookie(c, cookie.name, { path: "/", secure: cookie.name.startsWith("__Secure-") });
    services.logger.info({ userId: user.id }, "account deleted at the customer's request");
    return null;
  },
});
