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
export const MAX_WEIGHT_GRAMS = 30_000;
export const MAX_SIZE_CM = 200;

/** Shown to shoppers, hidden while prepared or paused, retired when no longer sold (decision 061). */
export const PRODUCT_VISIBILITIES = ["listed", "hidden", "retired"] as const;
export type ProductVisibility = (typeof PRODUCT_VISIBILITIES)[number];
export const VISIBILITY_LABELS: Record<ProductVisibility, string> = {
  listed: "Visível na loja",
  hidden: "Oculto",
  retired: "Retirado de venda",
};

/**
 * How a product is sold (issue 28 item 4), read from its columns: by grams with a price table, by
 * unit (shipped from stock), made to order with a lead time, a service (nothing shipped) or digital
 * (a file the buyer downloads). No column of its own, so an edit can never contradict it.
 */
export const PRODUCT_KINDS = ["gram", "unit", "made_to_order", "service", "digital"] as const;
export type ProductKind = (typeof PRODUCT_KINDS)[number];
export const KIND_LABELS: Record<ProductKind, string> = {
  gram: "Vendido por grama (tabela de preços)",
  unit: "Vendido por unidade",
  made_to_order: "Feito sob encomenda",
  service: "Serviço (nada é enviado)",
  digital: "Digital (arquivo para baixar)",
};

export function productKind(product: {
  unitType: "gram" | "unit";
  madeToOrder: boolean;
  needsShipping: boolean;
  downloadFile: string | null;
}): ProductKind {
  if (product.unitType === "gram") return "gram";
  if (product.downloadFile !== null) return "digital";
  if (product.madeToOrder) return "made_to_order";
  return product.needsShipping ? "unit" : "service";
}

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

const measure = (label: string, unit: string, max: number) =>
  z
    .number({ error: `${label}: informe um número inteiro em ${unit}.` })
    .int({ error: `${label}: informe um número inteiro em ${unit}.` })
    .positive({ error: `${label}: deve ser maior que zero.` })
    .max(max, { error: `${label}: no máximo ${max.toLocaleString("pt-BR")} ${unit}.` })
    .nullable();

/** Weight and size of the parcel, each optional (null: not given; the weight then is the category's estimate). */
export const sizeFields = {
  weightGrams: measure("Peso", "g", MAX_WEIGHT_GRAMS),
  lengthCm: measure("Comprimento", "cm", MAX_SIZE_CM),
  widthCm: measure("Largura", "cm", MAX_SIZE_CM),
  heightCm: measure("Altura", "cm", MAX_SIZE_CM),
};

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
    /** Hidden and retired products are not sold; listing one again puts it back on sale (decision 061). */
    visibility: z.enum(PRODUCT_VISIBILITIES, { error: "Escolha se o produto fica visível, oculto ou retirado." }).optional(),
    weightGrams: sizeFields.weightGrams.optional(),
    lengthCm: sizeFields.lengthCm.optional(),
    widthCm: sizeFields.widthCm.optional(),
    heightCm: sizeFields.heightCm.optional(),
  },
  { error: "Envie um objeto com os campos do produto." },
);

export type ProductPatch = z.input<typeof productPatchSchema>;

export const categorySchema = z.enum(Object.keys(CATEGORY_IDS) as [keyof typeof CATEGORY_IDS, ...(keyof typeof CATEGORY_IDS)[]]);

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
  kind: z.enum(PRODUCT_KINDS),
  visibility: z.enum(PRODUCT_VISIBILITIES),
  /** Digital products: the file's name in the private storage (decision 062); null for the others. */
  downloadFile: z.string().nullable(),
  weightGrams: z.number().int().nullable(),
  lengthCm: z.number().int().nullable(),
  widthCm: z.number().int().nullable(),
  heightCm: z.number().int().nullable(),
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
