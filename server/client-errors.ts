import { z } from "zod";
import { clientErrors } from "./db/schema.ts";
import { defineEndpoint } from "./http/api.ts";

export const clientErrorInput = z.strictObject({
  message: z.string().trim().min(1).max(2000),
  path: z.string().startsWith("/").max(2000),
  stack: z.string().max(10_000).optional(),
});

/** The global error screen reports what broke, for the maintenance panel. */
export const clientErrorEndpoint = defineEndpoint({
  method: "post",
  path: "/client-errors",
  summary: "Registra um erro ocorrido no navegador",
  tag: "sistema",
  body: clientErrorInput,
  response: z.object({ received: z.literal(true) }),
  status: 202,
  async handler({ body, c }) {
    const { db } = c.get("services");
    await db.insert(clientErrors).values({ ...body, userAgent: c.req.header("user-agent")?.slice(0, 500) ?? null });
    return { received: true as const };
  },
});
