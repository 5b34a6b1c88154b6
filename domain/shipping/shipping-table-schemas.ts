/**
 * The shipping table the owner edits (issue 17 item 7, decision 021), browser-safe: PAC and SEDEX
 * price and days per CEP region (shipping_rates), and the weight bands each method adds to them
 * (shipping_weight_bands). Its rules, in Portuguese: the regions' CEP ranges follow one another
 * with no gap and no overlap, the bands of a method go up in weight (each starts where the one
 * before ends, so they are contiguous by construction) and never get cheaper, prices are never
 * negative and a delivery takes at least one day.
 */
import { z } from "zod";
import { labelledCepSchema } from "#domain/shipping/cep-schema.ts";
import { SHIPPING_METHOD_LABELS, SHIPPING_METHODS } from "#domain/shipping/shipping-methods.ts";

export const MAX_SHIPPING_CENTS = 10_000_00;
export const MAX_DELIVERY_DAYS = 90;
export const MAX_WEIGHT_GRAMS = 100_000;

const cep = (label: string) => labelledCepSchema(label);

const reais = (label: string) =>
  z
    .number({ error: `${label}: informe um valor em centavos.` })
    .int({ error: `${label}: o valor deve ser em centavos inteiros.` })
    .min(0, { error: `${label}: não pode ser negativo.` })
    .max(MAX_SHIPPING_CENTS, { error: `${label}: valor alto demais.` });

const days = (label: string, min: number) =>
  z
    .number({ error: `${label}: informe um número de dias.` })
    .int({ error: `${label}: informe um número inteiro de dias.` })
    .min(min, { error: min === 1 ? `${label}: pelo menos 1 dia.` : `${label}: não pode ser negativo.` })
    .max(MAX_DELIVERY_DAYS, { error: `${label}: no máximo ${MAX_DELIVERY_DAYS} dias.` });

const rateSchema = z.strictObject({ priceCents: reais("Preço do frete"), deliveryDays: days("Prazo de entrega", 1) });

export const shippingRegionSchema = z.strictObject({
  region: z
    .string({ error: "Região: informe um nome." })
    .trim()
    .min(1, { error: "Região: informe um nome." })
    .max(60, { error: "Região: no máximo 60 caracteres." }),
  cepFrom: cep("CEP inicial"),
  cepTo: cep("CEP final"),
  /** Null: the method is not offered in this region. */
  pac: rateSchema.nullable(),
  sedex: rateSchema.nullable(),
});

export const weightBandSchema = z.strictObject({
  maxWeightGrams: z
    .number({ error: "Peso máximo: informe um número de gramas." })
    .int({ error: "Peso máximo: informe um número inteiro de gramas." })
    .min(1, { error: "Peso máximo: pelo menos 1 g." })
    .max(MAX_WEIGHT_GRAMS, { error: `Peso máximo: no máximo ${MAX_WEIGHT_GRAMS.toLocaleString("pt-BR")} g.` }),
  surchargeCents: reais("Acréscimo da faixa"),
  extraDays: days("Dias a mais da faixa", 0),
});

const bandsSchema = (method: string) =>
  z
    .array(weightBandSchema, { error: `Faixas de peso do ${method}: envie uma lista.` })
    .min(1, { error: `Faixas de peso do ${method}: informe pelo menos uma.` })
    .max(20, { error: `Faixas de peso do ${method}: no máximo 20.` });

const formatCepText = (value: string) => `${value.slice(0, 5)}-${value.slice(5)}`;

export const shippingTableSchema = z
  .strictObject(
    {
      regions: z
        .array(shippingRegionSchema, { error: "Regiões: envie uma lista." })
        .min(1, { error: "Informe pelo menos uma região." })
        .max(50, { error: "No máximo 50 regiões." }),
      weightBands: z.strictObject(
        { pac: bandsSchema(SHIPPING_METHOD_LABELS.pac), sedex: bandsSchema(SHIPPING_METHOD_LABELS.sedex) },
        { error: "Envie as faixas de peso do PAC e do SEDEX." },
      ),
    },
    { error: "Envie a tabela de frete: regiões e faixas de peso." },
  )
  .superRefine((table, ctx) => {
    const problem = shippingTableProblem(table);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });

export type ShippingTable = z.output<typeof shippingTableSchema>;
export type ShippingTableInput = z.input<typeof shippingTableSchema>;
export type ShippingRegion = z.output<typeof shippingRegionSchema>;
export type WeightBand = z.output<typeof weightBandSchema>;

/** The rules that span rows, in Portuguese, or null when the table is fine. */
export function shippingTableProblem(table: {
  regions: ShippingRegion[];
  weightBands: Record<"pac" | "sedex", WeightBand[]>;
}): string | null {
  const regions = [...table.regions].sort((a, b) => a.cepFrom.localeCompare(b.cepFrom));
  for (const region of regions) {
    if (region.cepFrom > region.cepTo) {
      return `${region.region}: o CEP inicial (${formatCepText(region.cepFrom)}) vem depois do final (${formatCepText(region.cepTo)}).`;
    }
    if (!region.pac && !region.sedex) return `${region.region}: ofereça PAC, SEDEX ou os dois.`;
  }
  for (let index = 1; index < regions.length; index++) {
    const previous = regions[index - 1]!;
    const region = regions[index]!;
    const expected = String(Number(previous.cepTo) + 1).padStart(8, "0");
    if (region.cepFrom <= previous.cepTo) {
      return `As faixas de CEP de ${previous.region} e ${region.region} se sobrepõem.`;
    }
    if (region.cepFrom !== expected) {
      return `As faixas de CEP devem ser contíguas: depois de ${formatCepText(previous.cepTo)} (${previous.region}) a próxima região deve começar em ${formatCepText(expected)}, não em ${formatCepText(region.cepFrom)}.`;
    }
  }
  for (const method of SHIPPING_METHODS) {
    const bands = table.weightBands[method];
    const label = SHIPPING_METHOD_LABELS[method];
    for (let index = 1; index < bands.length; index++) {
      const previous = bands[index - 1]!;
      const band = bands[index]!;
      if (band.maxWeightGrams <= previous.maxWeightGrams) {
        return `Faixas de peso do ${label}: cada faixa deve ir até um peso maior que a anterior (${band.maxWeightGrams} g depois de ${previous.maxWeightGrams} g).`;
      }
      if (band.surchargeCents < previous.surchargeCents) {
        return `Faixas de peso do ${label}: a faixa até ${band.maxWeightGrams} g não pode custar menos que a faixa até ${previous.maxWeightGrams} g.`;
      }
    }
  }
  return null;
}

/** The table as the editor reads it (GET /api/admin/shipping-rates). */
export const shippingTableViewSchema = z.object({
  regions: z.array(
    z.object({
      region: z.string(),
      cepFrom: z.string(),
      cepTo: z.string(),
      pac: z.object({ priceCents: z.number().int(), deliveryDays: z.number().int() }).nullable(),
      sedex: z.object({ priceCents: z.number().int(), deliveryDays: z.number().int() }).nullable(),
    }),
  ),
  weightBands: z.object({
    pac: z.array(z.object({ maxWeightGrams: z.number().int(), surchargeCents: z.number().int(), extraDays: z.number().int() })),
    sedex: z.array(z.object({ maxWeightGrams: z.number().int(), surchargeCents: z.number().int(), extraDays: z.number().int() })),
  }),
});
export type ShippingTableView = z.infer<typeof shippingTableViewSchema>;
