import { z } from "zod";
import { cepProblem, normalizeCep } from "#domain/shipping/cep.ts";

/**
 * The CEP rule of domain/shipping/cep.ts as a zod schema: "01310-100" in, "01310100" out. Every
 * input that carries a CEP (saved addresses, the order's address, shipping quotes, the CEP lookup,
 * the cart's shipping choice) uses it; the shipping table's range bounds use `labelledCepSchema`.
 */
export const cepSchema = labelledCepSchema();

/** The same rule; `label` names the field in the messages ("CEP inicial: …"), for forms with several CEPs. */
export function labelledCepSchema(label?: string) {
  const message = (text: string) => (label ? `${label}: ${text}` : text);
  return z
    .string({ error: message("Informe o CEP.") })
    .max(20, { error: message(cepProblem("") ?? "") })
    .transform((value, ctx) => {
      const digits = normalizeCep(value);
      if (digits) return digits;
      ctx.addIssue({ code: "custom", message: message(cepProblem(value) ?? "") });
      return z.NEVER;
    });
}
