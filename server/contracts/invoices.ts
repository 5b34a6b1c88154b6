import { z } from "zod";
import { orderNotFound } from "#domain/errors.ts";
import { productNotFound } from "#domain/catalog/catalog-errors.ts";
import { DomainError } from "#domain/errors.ts";
import {
  customerInvoicesSchema,
  focusWebhookBodySchema,
  invoiceViewSchema,
  invoicesToFixSchema,
  invoiceWebhookReceivedSchema,
  orderInvoicesSchema,
} from "#domain/invoices/invoice-schemas.ts";
import { productTaxInput, productTaxSchema } from "#domain/invoices/product-tax-schemas.ts";
import { defineContract, uuidParam } from "#server/contracts/define-contract.ts";
import { invoicesRoutes } from "#server/contracts/invoices.routes.ts";

const invoiceNotFound = () => new DomainError("not_found", "invoice_not_found", "Nota fiscal não encontrada.");

/** Invoices through Focus NFe (issue 30 item 3): its hook, the owner's notes and products' tax data, the customer's links. */
export const invoicesContract = defineContract(invoicesRoutes, {
  focusWebhook: {
    operationId: "focusNfeWebhook",
    summary:
      "Gatilho da Focus NFe (NF-e e NFS-e Nacional): autenticado pelo segredo no cabeçalho X-Focus-Token; a nota (ref) é relida em GET /v2/nfe/REF ou /v2/nfsen/REF",
    tag: "notas fiscais",
    callers: "provider",
    body: focusWebhookBodySchema,
    response: invoiceWebhookReceivedSchema,
  },
  adminOrderInvoices: {
    operationId: "adminOrderInvoices",
    summary: "As notas fiscais de um pedido (NF-e dos produtos, NFS-e dos serviços e cursos): estado, chave, DANFE, recusa e histórico",
    tag: "admin",
    params: z.object({ id: uuidParam(orderNotFound) }),
    response: orderInvoicesSchema,
  },
  adminInvoicesToFix: {
    operationId: "adminInvoicesToFix",
    summary: "Notas que precisam do dono: recusadas pela SEFAZ (com o campo a corrigir) e autorizadas que não puderam ser canceladas",
    tag: "admin",
    response: invoicesToFixSchema,
  },
  adminResendInvoice: {
    operationId: "adminResendInvoice",
    summary: "Emitir de novo uma nota recusada, depois da correção (a mesma referência na Focus NFe: nunca uma segunda nota)",
    tag: "admin",
    params: z.object({ id: uuidParam(invoiceNotFound) }),
    body: z.object({}).strict(),
    response: invoiceViewSchema,
  },
  adminProductTax: {
    operationId: "adminProductTax",
    summary: "Dados fiscais de um produto (NCM, CFOP, origem, CSOSN/CST, código do serviço) e o que falta para emitir a nota",
    tag: "admin",
    params: z.object({ id: uuidParam(productNotFound) }),
    response: productTaxSchema,
  },
  adminSaveProductTax: {
    operationId: "adminSaveProductTax",
    summary: "Salva os dados fiscais de um produto, informados pelo contador; as próximas notas já os usam",
    tag: "admin",
    params: z.object({ id: uuidParam(productNotFound) }),
    body: productTaxInput,
    response: productTaxSchema,
  },
  myOrderInvoices: {
    operationId: "myOrderInvoices",
    summary: "As notas fiscais autorizadas de um pedido da conta conectada, com o link do DANFE ou DANFSe",
    tag: "pedidos",
    params: z.object({ id: uuidParam(orderNotFound) }),
    response: customerInvoicesSchema,
  },
});

export { invoiceNotFound };
