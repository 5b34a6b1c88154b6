/**
 * The owner's product editor (issue 17 item 5, decision 021), browser-safe: the PATCH body of
 * /api/admin/products/{id}, the product as the editor reads it, and the rules of a whole product
 * (checked after a partial change is laid over the stored row), all with Portuguese messages.
 */
import { z } from "zod";
import { productRatingsSchema } from "#domain/catalog/ratings-schema.ts";
import { PRICE_TABLE_GRAMS, SPEC_PRICE_TABLE } from "#domain/pricing/gram-pricing.ts";
import { priceTableProblem } from "#domain/pricing/price-table-rules.ts";
import { MAX_TABLE_TOTAL_CENTS } from "#domain/pricing/price-table-rules.ts";
import { CATEGORY_IDS } from "#domain/catalog/product-slugs.ts";
import type { DetailIcon } from "#domain/catalog/catalog-types.ts";

export const DETAIL_ICONS = [
  "package",
  "thermometer",
  "shield",
  "truck",
  "video",
  "calendar",
  "file",
  "users",
  "clock",
  "book",
  "download",
  "microscope",
] as const satisfies readonly DetailIcon[];
// Every icon the pages can draw is offered, and only those.
type MissingIcon = Exclude<DetailIcon, (typeof DETAIL_ICONS)[number]>;
const everyIcon: MissingIcon extends never ? true : never = true;
void everyIcon;

export const MAX_STOCK = 1_000_000;
export const MAX_LEAD_TIME_DAYS = 365;
export const MAX_KEY_POINTS = 12;
export const MAX_DETAILS = 12;
export const MAX_ACCESS_INSTRUCTIONS = 2000;

const text = (label: string, max: number) =>
  z
    .string({ error: `${label}: informe um texto.` })
    .trim()
    .max(max, { error: `${label}: no máximo ${max} caracteres.` });
const requiredText = (label: string, max: number) => text(label, max).min(1, { error: `${label}: não pode ficar em branco.` });

const cents = (label: string, max: number) =>
  z
    .number({ error: `${label}: informe um valor em centavos.` })
    .int({ error: `${label}: o valor deve ser em centavos inteiros.` })
    .positive({ error: `${label}: deve ser maior que zero.` })
    .max(max, { error: `${label}: valor alto demais.` });

export const priceTableSchema = z
  .array(
    z.strictObject({
      grams: z.number({ error: "Quantidade inválida." }).int({ error: "Quantidade inválida." }),
      totalCents: cents("Preço da tabela", MAX_TABLE_TOTAL_CENTS),
    }),
    { error: "A tabela de preços deve ser uma lista." },
  )
  .max(PRICE_TABLE_GRAMS.length, { error: "A tabela de preços tem quantidades demais." })
  .superRefine((table, ctx) => {
    const problem = priceTableProblem(table);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });

export const detailSchema = z.union(
  [
    z.strictObject({ icon: z.enum(DETAIL_ICONS, { error: "Ícone desconhecido." }), text: requiredText("Detalhe", 200) }),
    z.strictObject({ label: requiredText("Rótulo do detalhe", 60), value: requiredText("Valor do detalhe", 200) }),
  ],
  { error: "Cada detalhe é um ícone com texto ou um rótulo com valor." },
);

/** Every field the owner edits, each optional (a partial change), plus the version the change was made on. */
export const productPatchSchema = z.strictObject(
  {
    version: z
      .number({ error: "Informe a versão do produto que você editou (recarregue a página)." })
      .int({ error: "Versão inválida." })
      .positive({ error: "Versão inválida." })
      .max(2_000_000_000, { error: "Versão inválida." }),
    name: requiredText("Nome", 120).optional(),
    subtitle: text("Subtítulo", 200).optional(),
    description: requiredText("Descrição", 5000).optional(),
    keyPoints: z
      .array(requiredText("Ponto-chave", 200), { error: "Os pontos-chave devem ser uma lista." })
      .max(MAX_KEY_POINTS, { error: `No máximo ${MAX_KEY_POINTS} pontos-chave.` })
      .optional(),
    details: z
      .array(detailSchema, { error: "Os detalhes devem ser uma lista." })
      .max(MAX_DETAILS, { error: `No máximo ${MAX_DETAILS} detalhes.` })
      .optional(),
    /** Empty text or null: no badge. */
    badge: text("Selo", 40)
      .nullable()
      .transform((value) => value || null)
      .optional(),
    /** What a buyer is told once paid (decision 030); empty text or null: nothing. */
    accessInstructions: text("Instruções de acesso", MAX_ACCESS_INSTRUCTIONS)
      .nullable()
      .transform((value) => value || null)
      .optional(),
    purchasable: z.boolean({ error: "Informe se o produto pode ser comprado (sim ou não)." }).optional(),
    /** Shows the rating imported from the previous shop, apart from the verified reviews (decision 057). */
    importedRatingShown: z.boolean({ error: "Informe se a avaliação da loja anterior aparece (sim ou não)." }).optional(),
    /** Null: no stock limit. */
    stock: z
      .number({ error: "Estoque: informe um número inteiro." })
      .int({ error: "Estoque: informe um número inteiro." })
      .min(0, { error: "Estoque: não pode ser negativo." })
      .max(MAX_STOCK, { error: `Estoque: no máximo ${MAX_STOCK.toLocaleString("pt-BR")}.` })
      .nullable()
      .optional(),
    madeToOrder: z.boolean({ error: "Informe se o produto é feito sob encomenda (sim ou não)." }).optional(),
    leadTimeBusinessDays: z
      .number({ error: "Prazo de produção: informe um número de dias úteis." })
      .int({ error: "Prazo de produção: informe um número inteiro de dias úteis." })
      .min(1, { error: "Prazo de produção: pelo menos 1 dia útil." })
      .max(MAX_LEAD_TIME_DAYS, { error: `Prazo de produção: no máximo ${MAX_LEAD_TIME_DAYS} dias úteis.` })
      .nullable()
      .optional(),
    /** Unit products only. */
    priceCents: cents("Preço", MAX_TABLE_TOTAL_CENTS).optional(),
    /** Gram products only; null goes back to the spec's table. */
    priceTable: priceTableSchema.nullable().optional(),
  },
  { error: "Envie um objeto com os campos do produto." },
);

export type ProductPatch = z.input<typeof productPatchSchema>;

const categorySchema = z.enum(Object.keys(CATEGORY_IDS) as [keyof typeof CATEGORY_IDS, ...(keyof typeof CATEGORY_IDS)[]]);

/** A product as the editor reads it (GET /api/admin/products and …/{id}). */
export const editableProductSchema = z.object({
  uuid: z.string(),
  id: z.number().int(),
  slug: z.string(),
  route: z.string(),
  category: categorySchema,
  name: z.string(),
  subtitle: z.string(),
  description: z.string(),
  keyPoints: z.array(z.string()),
  details: z.array(
    z.union([z.object({ icon: z.enum(DETAIL_ICONS), text: z.string() }), z.object({ label: z.string(), value: z.string() })]),
  ),
  badge: z.string().nullable(),
  accessInstructions: z.string().nullable(),
  purchasable: z.boolean(),
  importedRatingShown: z.boolean(),
  /** The previous shop's figures as stored, shown or not (decision 057). */
  importedRating: z.object({ average: z.number(), count: z.number().int() }),
  stock: z.number().int().nullable(),
  madeToOrder: z.boolean(),
  leadTimeBusinessDays: z.number().int().nullable(),
  unitType: z.enum(["gram", "unit"]),
  priceCents: z.number().int().nullable(),
  /** Null: the spec's table (priced as `specPriceTable`). */
  priceTable: z.array(z.object({ grams: z.number().int(), totalCents: z.number().int() })).nullable(),
  image: z.string(),
  ratings: productRatingsSchema,
  needsShipping: z.boolean(),
  version: z.number().int(),
  updatedAt: z.string(),
});
export type EditableProduct = z.infer<typeof editableProductSchema>;

export const editableProductListSchema = z.object({
  products: z.array(editableProductSchema),
  /** The spec's table, which every sample without its own follows. */
  specPriceTable: z.array(z.object({ grams: z.number().int(), totalCents: z.number().int() })),
});

export const SPEC_TABLE_VIEW = SPEC_PRICE_TABLE.map((point) => ({ ...point }));

/**
 * The rules that span fields, on the product as it would be after the change: a unit product has
 * a price and no table, a gram product no unit price; made to order needs a lead time. Portuguese,
 * or null when the product is fine.
 */
export function productProblem(product: {
  unitType: "gram" | "unit";
  priceCents: number | null;
  priceTable: unknown;
  madeToOrder: boolean;
  leadTimeBusinessDays: number | null;
}): string | null {
  if (product.unitType === "unit" && product.priceTable !== null) {
    return "Este produto é vendido por unidade: ele tem um preço unitário, não uma tabela por grama.";
  }
  if (product.unitType === "gram" && product.priceCents !== null) {
    return "Este produto é vendido por grama: o preço vem da tabela por quantidade, não de um preço unitário.";
  }
  if (product.unitType === "unit" && !product.priceCents) return "Informe o preço unitário.";
  if (product.madeToOrder && product.leadTimeBusinessDays === null) {
    return "Produto feito sob encomenda: informe o prazo de produção em dias úteis.";
  }
  return null;
}
