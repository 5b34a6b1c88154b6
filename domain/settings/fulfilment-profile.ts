import { z } from "zod";
import { UFS } from "#domain/shipping/address-schema.ts";
import { cepProblem, normalizeCep } from "#domain/shipping/cep.ts";
import { isValidCnpj, isValidCpf, onlyDigits } from "#domain/settings/settings-rules.ts";

/**
 * The shop's own data for shipping and tax (issue 30 item 2): who sends the parcels and who issues
 * the notes. Labels (Melhor Envio's `from`), invoices (Focus NFe's emitter) and the packing slip read
 * it; the owner edits it on the settings screen. Browser-safe: the form checks the same rules.
 */

/** MEI: usually exempt from notes to people and ships with a DC-e; the others issue an NF-e per sale. */
export const TAX_REGIMES = ["mei", "simples_nacional", "regime_normal"] as const;
export type TaxRegime = (typeof TAX_REGIMES)[number];
export const TAX_REGIME_LABELS: Record<TaxRegime, string> = {
  mei: "MEI",
  simples_nacional: "Simples Nacional (ME/EPP)",
  regime_normal: "Lucro Presumido ou Real",
};

/** What travels with a parcel since 06/04/2026: the NF-e's key, or an electronic content declaration. */
export const SHIPS_WITH = ["nfe", "dce"] as const;
export type ShipsWith = (typeof SHIPS_WITH)[number];
export const SHIPS_WITH_LABELS: Record<ShipsWith, string> = {
  nfe: "Nota fiscal eletrônica (NF-e)",
  dce: "Declaração de conteúdo eletrônica (DC-e)",
};

const text = (max: number, what: string) =>
  z
    .string({ error: `Informe ${what}.` })
    .trim()
    .min(1, `Informe ${what}.`)
    .max(max, `No máximo ${max} caracteres.`);
const optionalDigits = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(40)
    .transform((value) => onlyDigits(value))
    .refine((value) => value.length <= max, message)
    .transform((value) => value || null)
    .nullable();

export const fulfilmentProfileSchema = z.object({
  sender: z.object({
    /** The razão social (company) or the owner's full name (a person sending as MEI/PF). */
    name: text(150, "o nome de quem envia"),
    /** Digits, DDD and number. */
    phone: text(20, "o telefone de quem envia")
      .transform(onlyDigits)
      .refine((value) => value.length === 10 || value.length === 11, "Telefone inválido: use DDD e número, ex.: (11) 91234-5678."),
    email: z.email("E-mail de quem envia inválido.").max(200),
    /** Digits: a CPF (11) or a CNPJ (14), check digits right. */
    document: text(20, "o CPF ou CNPJ")
      .transform(onlyDigits)
      .refine(
        (value) => (value.length === 11 ? isValidCpf(value) : isValidCnpj(value)),
        "CPF ou CNPJ inválido: confira os dígitos verificadores.",
      ),
    /** Inscrição estadual (digits); null when the shop has none (a person, many MEIs). */
    stateRegistration: optionalDigits(14, "Inscrição estadual inválida."),
    /** Inscrição municipal (digits), for the NFS-e of services and courses. */
    municipalRegistration: optionalDigits(15, "Inscrição municipal inválida."),
    address: z.object({
      cep: text(9, "o CEP").transform((value, context) => {
        const problem = cepProblem(value);
        if (problem) {
          context.addIssue({ code: "custom", message: problem });
          return z.NEVER;
        }
        return normalizeCep(value)!;
      }),
      street: text(150, "a rua"),
      number: text(20, "o número"),
      complement: z.string().trim().max(100),
      district: text(100, "o bairro"),
      city: text(100, "a cidade"),
      // One of the 27 (the addresses' list): a carrier checks the UF against the CEP.
      state: z.string().trim().toUpperCase().pipe(z.enum(UFS, "UF inválida: use a sigla, ex.: SP.")),
      /** The city's IBGE code (7 digits): the NFS-e needs it. */
      cityIbgeCode: optionalDigits(7, "Código IBGE do município inválido."),
    }),
  }),
  taxRegime: z.enum(TAX_REGIMES, { error: "Escolha o regime tributário." }),
  shipsWith: z.enum(SHIPS_WITH, { error: "Escolha se envia com NF-e ou com DC-e." }),
});
export type FulfilmentProfileInput = z.input<typeof fulfilmentProfileSchema>;
export type FulfilmentProfile = z.output<typeof fulfilmentProfileSchema>;

/** The saved profile as the API answers it (the schema's output, without its input transforms). */
export const fulfilmentProfileViewSchema = z.object({
  sender: z.object({
    name: z.string(),
    phone: z.string().describe("DDD e número, só dígitos"),
    email: z.string(),
    document: z.string().describe("CPF (11) ou CNPJ (14), só dígitos"),
    stateRegistration: z.string().nullable(),
    municipalRegistration: z.string().nullable(),
    address: z.object({
      cep: z.string(),
      street: z.string(),
      number: z.string(),
      complement: z.string(),
      district: z.string(),
      city: z.string(),
      state: z.enum(UFS),
      cityIbgeCode: z.string().nullable(),
    }),
  }),
  taxRegime: z.enum(TAX_REGIMES),
  shipsWith: z.enum(SHIPS_WITH),
});
