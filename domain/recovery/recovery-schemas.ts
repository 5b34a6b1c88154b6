import { z } from "zod";

/** The reminder e-mails' choice (panel) and the unsubscribe link's body (issue 19 item 5). */

export const marketingEmailSchema = z.strictObject({
  enabled: z.boolean("Informe se quer receber lembretes por e-mail."),
});
export type MarketingEmailChoice = z.output<typeof marketingEmailSchema>;

export const unsubscribeSchema = z.strictObject({
  account: z.string("Link de descadastro inválido.").min(1, "Link de descadastro inválido.").max(100, "Link de descadastro inválido."),
  signature: z.string("Link de descadastro inválido.").regex(/^[\w-]{22}$/, "Link de descadastro inválido. Use o link completo do e-mail."),
});

export const unsubscribedSchema = z.object({ unsubscribed: z.literal(true) });
