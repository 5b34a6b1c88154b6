/**
 * The one CEP rule of the shop (decision 046), without zod so that any page may run it: a CEP is
 * 8 digits, written with or without the hyphen, dots or spaces ("01310-100", "01.310-100",
 * " 01310 100 "); letters are refused, not dropped. 00000-000 is refused: Correios numbers start
 * at 01000-000, and the all-zero value is what a form left blank or a mask filled by itself sends,
 * so taking it would quote shipping and save addresses for a place that does not exist.
 * The zod form of the rule is domain/shipping/cep-schema.ts.
 */

/** What a person reads when the value is not a CEP. */
export const CEP_FORMAT_MESSAGE = "O CEP tem 8 dígitos, ex.: 01310-100.";
/** What a person reads for 00000-000. */
export const CEP_ZERO_MESSAGE = "O CEP 00000-000 não existe. Confira os dígitos.";

const NO_SUCH_CEP = "00000000";

/** The CEP as 8 digits, or null when the value is not one (see the rule above). */
export function normalizeCep(value: string): string | null {
  const digits = value.replace(/[\s.-]/g, "");
  return /^\d{8}$/.test(digits) && digits !== NO_SUCH_CEP ? digits : null;
}

/** Why `value` is not a CEP (the message to show), or null when it is one. */
export function cepProblem(value: string): string | null {
  if (normalizeCep(value)) return null;
  return value.replace(/[\s.-]/g, "") === NO_SUCH_CEP ? CEP_ZERO_MESSAGE : CEP_FORMAT_MESSAGE;
}

/** "01310100" → "01310-100" (anything else is shown as it is). */
export function formatCep(cep: string): string {
  return /^\d{8}$/.test(cep) ? `${cep.slice(0, 5)}-${cep.slice(5)}` : cep;
}
