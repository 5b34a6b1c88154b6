import { addressNotFound } from "#domain/account/account-errors.ts";
import { z } from "zod";
import { accountExportSchema, addressListSchema, deleteAccountSchema, savedAddressSchema } from "#domain/account/account-schemas.ts";
import { addressSchema } from "#domain/shipping/address-schema.ts";
import { defineContract, uuidParam } from "#server/contracts/define-contract.ts";
import { accountRoutes } from "#server/contracts/account.routes.ts";

export const accountContract = defineContract(accountRoutes, {
  listAddresses: {
    operationId: "listAddresses",
    summary: "Lista os endereços salvos da conta conectada",
    tag: "conta",
    response: addressListSchema,
  },
  addAddress: {
    operationId: "addAddress",
    summary: "Salva um endereço na conta conectada",
    tag: "conta",
    body: addressSchema,
    response: savedAddressSchema,
    status: 201,
  },
  removeAddress: {
    operationId: "removeAddress",
    summary: "Remove um endereço salvo da conta conectada",
    tag: "conta",
    params: z.object({ id: uuidParam(addressNotFound) }),
    response: z.null(),
    status: 204,
  },
  exportAccount: {
    operationId: "exportAccount",
    summary: "Baixa todos os dados da conta conectada em JSON (LGPD)",
    tag: "conta",
    response: accountExportSchema,
  },
  deleteAccount: {
    operationId: "deleteAccount",
    summary: "Exclui a conta conectada e seus dados pessoais, encerrando todas as sessões (LGPD)",
    tag: "conta",
    body: deleteAccountSchema,
    response: z.null(),
    status: 204,
  },
});
