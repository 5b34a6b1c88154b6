import { ServiceUnavailableError } from "#platform/http/provider-request.ts";
import { buyLabel, buyLabels, orderLabel } from "#domain/labels/buy-labels.server.ts";
import { cancelLabel } from "#domain/labels/cancel-label.server.ts";
import { printLabels } from "#domain/labels/label-print.server.ts";
import { receiveLabelWebhook } from "#domain/labels/label-tracking.server.ts";
import { wallet } from "#domain/labels/wallet.server.ts";
import { defineEndpoint } from "#server/http/api.ts";
import { ApiError } from "#server/http/errors.ts";
import { ADMIN_ONLY } from "#server/http/guards.ts";
import { labelsContract } from "#server/contracts/labels.ts";

/**
 * Labels through Melhor Envio (issue 30 items 4 and 5, decisions 078 and 079): the owner's wallet,
 * an order's label, buying one or many, cancelling, the one PDF, and Melhor Envio's signed webhook.
 */

/** Melhor Envio did not answer while the owner waited: a moment later it may (never a 500). */
async function reachingMelhorEnvio<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ServiceUnavailableError) {
      throw new ApiError(503, "melhorenvio_unavailable", "O Melhor Envio não respondeu agora. Tente de novo em instantes.", {
        "Retry-After": "30",
      });
    }
    throw error;
  }
}

export const labelWalletEndpoint = defineEndpoint({
  ...labelsContract.labelWallet,
  guard: ADMIN_ONLY,
  handler: ({ c }) => wallet(c.get("services")),
});

export const orderLabelEndpoint = defineEndpoint({
  ...labelsContract.orderLabel,
  guard: ADMIN_ONLY,
  handler: ({ c, params }) => orderLabel(c.get("services"), params.id),
});

export const buyLabelEndpoint = defineEndpoint({
  ...labelsContract.buyLabel,
  guard: ADMIN_ONLY,
  handler: ({ c, params, user }) => buyLabel(c.get("services"), user.id, params.id),
});

export const cancelLabelEndpoint = defineEndpoint({
  ...labelsContract.cancelLabel,
  guard: ADMIN_ONLY,
  handler: ({ c, params, user }) => reachingMelhorEnvio(() => cancelLabel(c.get("services"), user.id, params.id)),
});

export const buyLabelsEndpoint = defineEndpoint({
  ...labelsContract.buyLabels,
  guard: ADMIN_ONLY,
  handler: ({ c, body, user }) => buyLabels(c.get("services"), user.id, body.orderIds),
});

export const printLabelsEndpoint = defineEndpoint({
  ...labelsContract.printLabels,
  guard: ADMIN_ONLY,
  async handler({ c, query }) {
    const pdf = await reachingMelhorEnvio(() => printLabels(c.get("services"), query.pedidos));
    return new Response(Buffer.from(pdf), {
      headers: {
        "content-type": "application/pdf",
        "content-disposition": 'inline; filename="etiquetas.pdf"',
        "cache-control": "no-store",
      },
    });
  },
});

export const melhorEnvioWebhookEndpoint = defineEndpoint({
  ...labelsContract.melhorEnvioWebhook,
  async handler({ c }) {
    // The body was read (and cached) by the endpoint's validation; the signature covers its raw bytes.
    await receiveLabelWebhook(c.get("services"), { rawBody: await c.req.text(), signature: c.req.header("x-me-signature") });
    return { received: true as const };
  },
});

export const labelEndpoints = [
  labelWalletEndpoint,
  orderLabelEndpoint,
  buyLabelEndpoint,
  cancelLabelEndpoint,
  buyLabelsEndpoint,
  printLabelsEndpoint,
  melhorEnvioWebhookEndpoint,
];
