/**
 * A product's tax data as the owner types it in the product editor (issue 30 item 3), from the
 * accountant's answer. Browser-safe: the form checks the same rules. Empty fields are allowed (a
 * product not yet classified), and the note of an order with it says what is missing.
 */
import { z } from "zod";

const digits = (length: number, message: string) =>
  z
    .string()
    .trim()
    .max(20)
    .transform((value) => value.replace(/[.\s-]/g, ""))
    .refine((value) => value === "" || new RegExp(`^\\d{${length}}$`).test(value), message)
    .transform((value) => value || null)
    .nullable();

export const ICMS_ORIGINS = [
  { value: 0, label: "0 — Nacional" },
  { value: 1, label: "1 — Estrangeira, importação direta" },
  { value: 2, label: "2 — Estrangeira, adquirida no mercado interno" },
  { value: 3, label: "3 — Nacional, com mais de 40% de conteúdo importado" },
  { value: 4, label: "4 — Nacional, processos produtivos básicos" },
  { value: 5, label: "5 — Nacional, até 40% de conteúdo importado" },
  { value: 6, label: "6 — Estrangeira, importação direta, sem similar nacional" },
  { value: 7, label: "7 — Estrangeira, mercado interno, sem similar nacional" },
  { value: 8, label: "8 — Nacional, mais de 70% de conteúdo importado" },
] as const;

export const productTaxInput = z.object({
  ncm: digits(8, "NCM inválido: são 8 dígitos, ex.: 0712.39.00."),
  cfop: digits(4, "CFOP inválido: são 4 dígitos, ex.: 5102."),
  origin: z.coerce.number({ error: "Escolha a origem." }).int().min(0, "Escolha a origem.").max(8, "Escolha a origem."),
  icmsCode: z
    .string()
    .trim()
    .max(10)
    .refine((value) => value === "" || /^\d{2,3}$/.test(value), "CSOSN (3 dígitos, ex.: 102) ou CST (2 dígitos, ex.: 00).")
    .transform((value) => value || null)
    .nullable(),
  serviceCode: digits(6, "Código de tributação nacional inválido: são 6 dígitos, ex.: 080201."),
});
export type ProductTaxInput = z.input<typeof productTaxInput>;

export const productTaxSchema = z.object({
  productId: z.uuid(),
  ncm: z.string().nullable(),
  cfop: z.string().nullable(),
  origin: z.number().int(),
  icmsCode: z.string().nullable(),
  serviceCode: z.string().nullable(),
  /** Goods get an NF-e and need NCM, CFOP and CSOSN/CST; services and courses an NFS-e and need the service code. */
  needsShipping: z.boolean(),
  /** What is still missing for this product's note, in Portuguese; empty: ready. */
  missing: z.array(z.string()),
});
export type ProductTaxView = z.infer<typeof productTaxSchema>;

/** What a product still lacks for its note. */
export function missingTaxData(
  data: { ncm: string | null; cfop: string | null; icmsCode: string | null; serviceCode: string | null },
  needsShipping: boolean,
): string[] {
  if (!needsShipping) return data.serviceCode ? [] : ["código de tributação do serviço"];
  return [!data.ncm && "NCM", !data.cfop && "CFOP", !data.icmsCode && "CSOSN/CST"].filter((item): item is string => Boolean(item));
}
