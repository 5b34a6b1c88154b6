import { deleteCookie } from "hono/cookie";
import { z } from "zod";
import {
  addAddress,
  deleteAccount,
  exportAccountData,
  listAddresses,
  MAX_ADDRESSES,
  removeAddress,
} from "#domain/account/account-data.server.ts";
import { accountExportSchema, addressListSchema, savedAddressSchema } from "#domain/account/account-schemas.ts";
import { addressSchema, deleteAccountSchema } from "#domain/account/address-schema.ts";
import { USER_ONLY } from "#server/http/guards.ts";
import { authFor } from "#domain/auth/auth.server.ts";
import { announceSessionEnded } from "#domain/auth/session-ended.server.ts";
import { AUTH_RATE_RULES, consumeRate, rateKey } from "#platform/rate-limit.ts";
import { defineEndpoint } from "#server/http/api.ts";
import { clientAddress, normalizeAddress } from "#server/http/client-address.ts";
import { ApiError, rateLimitedError } from "#server/http/errors.ts";
import { uuidParam } from "#server/http/params.ts";
import { accounts } from "#platform/db/schema.ts";
import { and, eq } from "drizzle-orm";

/** The customer panel's own data (/cliente): addresses, LGPD export and deletion; the referral link is server/api/referrals.ts. */

const addressNotFound = () => new ApiError(404, "not_found", "Endereço não encontrado.");

export const listAddressesEndpoint = defineEndpoint({
  method: "get",
  path: "/account/addresses",
  operationId: "listAddresses",
  summary: "Lista os endereços salvos da conta conectada",
  tag: "conta",
  guard: USER_ONLY,
  response: addressListSchema,
  async handler({ c, user }) {
    return { addresses: await listAddresses(c.get("services").db, user.id) };
  },
});

export const addAddressEndpoint = defineEndpoint({
  method: "post",
  path: "/account/addresses",
  operationId: "addAddress",
  summary: "Salva um endereço na conta conectada",
  tag: "conta",
  guard: USER_ONLY,
  body: addressSchema,
  response: savedAddressSchema,
  status: 201,
  async handler({ body, c, user }) {
    const address = await addAddress(c.get("services").db, user.id, body);
    if (!address)
      throw new ApiError(409, "too_many_addresses", `Você já tem ${MAX_ADDRESSES} endereços salvos. Remova um para adicionar outro.`);
    return address;
  },
});

export const removeAddressEndpoint = defineEndpoint({
  method: "delete",
  path: "/account/addresses/:id",
  operationId: "removeAddress",
  summary: "Remove um endereço salvo da conta conectada",
  tag: "conta",
  guard: USER_ONLY,
  params: z.object({ id: uuidParam(addressNotFound) }),
  response: z.null(),
  status: 204,
  async handler({ params, c, user }) {
    // Someone else's address answers exactly like one that does not exist.
    if (!(await removeAddress(c.get("services").db, user.id, params.id))) throw addressNotFound();
    return null;
  },
});

export const exportAccountEndpoint = defineEndpoint({
  method: "get",
  path: "/account/export",
  operationId: "exportAccount",
  summary: "Baixa todos os dados da conta conectada em JSON (LGPD)",
  tag: "conta",
  guard: USER_ONLY,
  response: accountExportSchema,
  async handler({ c, user }) {
    const data = await exportAccountData(c.get("services").db, user.id);
    if (!data) throw new ApiError(401, "unauthorized", "Entre na sua conta para continuar.");
    c.header("Content-Disposition", `attachment; filename="meus-dados-loja-micologia.json"`);
    return data;
  },
});

export const deleteAccountEndpoint = defineEndpoint({
  method: "delete",
  path: "/account",
  operationId: "deleteAccount",
  summary: "Exclui a conta conectada e seus dados pessoais, encerrando todas as sessões (LGPD)",
  tag: "conta",
  guard: USER_ONLY,
  body: deleteAccountSchema,
  response: z.null(),
  status: 204,
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
    const [credential] = await services.db
      .select({ password: accounts.password })
      .from(accounts)
      .where(and(eq(accounts.userId, user.id), eq(accounts.providerId, "credential")));
    const context = await authFor(services).$context;
    const matches = credential?.password ? await context.password.verify({ hash: credential.password, password: body.password }) : false;
    if (!matches) throw new ApiError(400, "invalid_password", "Senha incorreta.");

    await deleteAccount(services, user.id);
    // Its open event streams end now, on every instance, not at their next heartbeat.
    await announceSessionEnded(services.db, user.id).catch((error: unknown) =>
      services.logger.warn({ err: error }, "session end not announced"),
    );
    const cookie = context.authCookies.sessionToken;
    deleteCookie(c, cookie.name, { path: "/", secure: cookie.name.startsWith("__Secure-") });
    services.logger.info({ userId: user.id }, "account deleted at the customer's request");
    return null;
  },
});
