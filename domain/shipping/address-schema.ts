import { z } from "zod";
import { cepSchema } from "#domain/shipping/cep-schema.ts";

/** The 27 federative units of Brazil. */
export const UFS = [
  "AC",
  "AL",
  "AP",
  "AM",
  "BA",
  "CE",
  "DF",
  "ES",
  "GO",
  "MA",
  "MT",
  "MS",
  "MG",
  "PA",
  "PB",
  "PR",
  "PE",
  "PI",
  "RJ",
  "RN",
  "RS",
  "RO",
  "RR",
  "SC",
  "SP",
  "SE",
  "TO",
] as const;

const text = (label: string, min: number, max: number) =>
  z
    .string({ error: `Informe ${label}.` })
    .trim()
    .min(min, min <= 1 ? `Informe ${label}.` : `Informe ${label} (mínimo de ${min} caracteres).`)
    .max(max, `Máximo de ${max} caracteres.`);

const digits = (value: string) => value.replace(/\D/g, "");

/**
 * A delivery address as a person types it (both forms: the panel's saved addresses and the
 * checkout's), checked the same way in the browser and on the server. Its output is what is kept:
 * a saved address (addresses table), and, with the recipient's CPF, the order's snapshot
 * (orders.shipping_address). `storedAddressSchema` is that output as the API answers it.
 */
export const addressSchema = z.object({
  recipientName: text("o nome de quem recebe", 2, 100),
  phone: z
    .string({ error: "Informe um telefone." })
    .transform(digits)
    .pipe(z.string().regex(/^[1-9]{2}9?\d{8}$/, "Informe o telefone com DDD, ex.: (11) 91234-5678.")),
  cep: cepSchema,
  street: text("a rua", 2, 200),
  number: text("o número (ou \u201cs/n\u201d)", 1, 20),
  complement: z
    .string()
    .trim()
    .max(100, "Máximo de 100 caracteres.")
    .nullish()
    .transform((value) => value || null),
  neighborhood: text("o bairro", 2, 100),
  city: text("a cidade", 2, 100),
  state: z.string({ error: "Escolha o estado." }).trim().toUpperCase().pipe(z.enum(UFS, "Escolha o estado (UF).")),
});
export type AddressInput = z.input<typeof addressSchema>;

/**
 * An address as stored and answered (the saved address's and the order snapshot's fields): the
 * same keys as `addressSchema` (the compiler checks it), each already normalised. Only its shape
 * is checked: what was kept before a rule changed is still shown.
 */
export const storedAddressSchema = z.object({
  recipientName: z.string(),
  phone: z.string(),
  cep: z.string(),
  street: z.string(),
  number: z.string(),
  complement: z.string().nullable(),
  neighborhood: z.string(),
  city: z.string(),
  state: z.string(),
} satisfies Record<keyof z.output<typeof addressSchema>, z.ZodType>);
export type Address = z.output<typeof addressSchema> & { id: string };

export { formatCep } from "#domain/shipping/cep.ts";

/** "11912345678" → "(11) 91234-5678". */
export function formatPhone(phone: string): string {
  if (phone.length === 11) return `(${phone.slice(0, 2)}) ${phone.slice(2, 7)}-${phone.slice(7)}`;
  if (phone.length === 10) return `(${phone.slice(0, 2)}) ${phone.slice(2, 6)}-${phone.slice(6)}`;
  return phone;
}
