import { z } from "zod";
import { defineContract } from "#server/contracts/define-contract.ts";
import { clientErrorsRoutes } from "#server/contracts/client-errors.routes.ts";

export const clientErrorInput = z.strictObject({
  message: z.string().trim().min(1).max(2000),
  path: z.string().startsWith("/").max(2000),
  stack: z.string().max(10_000).optional(),
});

/**
 * Reports per client address. The error screen sends one report per error it shows, and a customer
 * who keeps pressing "Tentar novamente" on a broken page makes a few a minute; 10 a minute leaves
 * room for several customers behind one carrier address (CGNAT) while capping what one address can
 * write at ~140 KB a minute. Losing reports past that costs little: identical ones are only counted
 * anyway. The ring of CLIENT_ERRORS_KEPT slots, not this limit, is what bounds the disk (many
 * addresses together can still write); this keeps one client from churning the ring on its own.
 */
export const CLIENT_ERROR_RATE_RULE = { max: 10, windowSeconds: 60 } as const;

export const clientErrorsContract = defineContract(clientErrorsRoutes, {
  clientError: {
    operationId: "reportClientError",
    summary: `Registra um erro ocorrido no navegador (até ${CLIENT_ERROR_RATE_RULE.max} por minuto por endereço; além disso, 429 rate_limited)`,
    tag: "sistema",
    body: clientErrorInput,
    response: z.object({ received: z.literal(true) }),
    status: 202,
  },
});
