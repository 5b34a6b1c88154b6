/**
 * A new product from the owner's phone (issue 28 item 4, decision 061), browser-safe: the body of
 * POST /api/admin/products, the address (slug) rules, and how a kind becomes the product's columns.
 * The texts, prices and stock follow the editor's own rules (product-edit-schemas.ts).
 */
import { z } from "zod";
import { CATEGORY_IDS, SLUG_ALIASES } from "#domain/catalog/product-slugs.ts";
import { PRODUCT_KINDS, productPatchSchema, type ProductKind, sizeFields } from "#domain/catalog/product-edit-schemas.ts";

export const MAX_SLUG_LENGTH = 80;
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** "Cogumelo Lion's Mane — 10 g" → "cogumelo-lion-s-mane-10-g": what the address is made of when the owner gives none. */
export function slugFromName(name: string): string {
  return name
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, MAX_SLUG_LENGTH)
    .replace(/-+$/, "");
}

/** The problem with an address the owner typed, in Portuguese; null when it is a good one. */
export function slugProblem(slug: string): string | null {
  if (slug.length < 3) return "Endereço: pelo menos 3 caracteres.";
  if (slug.length > MAX_SLUG_LENGTH) return `Endereço: no máximo ${MAX_SLUG_LENGTH} caracteres.`;
  if (!SLUG.test(slug)) return "Endereço: use só letras minúsculas sem acento, números e hífens (ex.: kit-cultivo-2).";
  // An old address of the spec redirects to another product: it can never be a new one's.
  if (SLUG_ALIASES.has(slug)) return "Este endereço é reservado a um produto da loja. Escolha outro.";
  return null;
}

const categories = Object.keys(CATEGORY_IDS) as [keyof typeof CATEGORY_IDS, ...(keyof typeof CATEGORY_IDS)[]];
const fields = productPatchSchema.shape;

export const productCreateSchema = z
  .strictObject(
    {
      category: z.enum(categories, { error: "Escolha a categoria do produto." }),
      kind: z.enum(PRODUCT_KINDS, { error: "Escolha como o produto é vendido." }),
      name: fields.name.unwrap(),
      /** Empty or absent: made from the name. */
      slug: z
        .string({ error: "Endereço: informe um texto." })
        .trim()
        .toLowerCase()
        .max(MAX_SLUG_LENGTH + 20, { error: `Endereço: no máximo ${MAX_SLUG_LENGTH} caracteres.` })
        .optional(),
      subtitle: fields.subtitle.unwrap().default(""),
      description: fields.description.unwrap(),
      keyPoints: fields.keyPoints.unwrap().default([]),
      details: fields.details.unwrap().default([]),
      badge: fields.badge.unwrap().default(null),
      accessInstructions: fields.accessInstructions.unwrap().default(null),
      /** By unit, made to order, service, digital. */
      priceCents: fields.priceCents.unwrap().nullable().default(null),
      /** By grams: null follows the spec's table. */
      priceTable: fields.priceTable.unwrap().default(null),
      /** Sold from stock (grams or units); null: no limit. */
      stock: fields.stock.unwrap().default(null),
      leadTimeBusinessDays: fields.leadTimeBusinessDays.unwrap().default(null),
      weightGrams: sizeFields.weightGrams.default(null),
      lengthCm: sizeFields.lengthCm.default(null),
      widthCm: sizeFields.widthCm.default(null),
      heightCm: sizeFields.heightCm.default(null),
    },
    { error: "Envie um objeto com os campos do produto." },
  )
  .superRefine((input, ctx) => {
    const problem = kindProblem(input);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
    if (input.slug) {
      const slugIssue = slugProblem(input.slug);
      if (slugIssue) ctx.addIssue({ code: "custom", message: slugIssue, path: ["slug"] });
    }
  });

export type ProductCreateInput = z.input<typeof productCreateSchema>;
export type ProductCreate = z.output<typeof productCreateSchema>;

/** What a kind needs and refuses, in the owner's words. */
function kindProblem(input: {
  kind: ProductKind;
  priceCents: number | null;
  priceTable: unknown;
  stock: number | null;
  leadTimeBusinessDays: number | null;
}): string | null {
  if (input.kind === "gram") {
    if (input.priceCents !== null) return "Produto vendido por grama: o preço vem da tabela por quantidade, não de um preço unitário.";
    return null;
  }
  if (input.priceTable !== null) return "Só produtos vendidos por grama têm tabela de preços.";
  if (input.priceCents === null) return "Informe o preço.";
  if (input.kind === "made_to_order" && input.leadTimeBusinessDays === null) {
    return "Produto feito sob encomenda: informe o prazo de produção em dias úteis.";
  }
  if ((input.kind === "service" || input.kind === "digital" || input.kind === "made_to_order") && input.stock !== null) {
    return "Serviços, produtos digitais e feitos sob encomenda não têm estoque: deixe o estoque em branco.";
  }
  return null;
}

/** The columns a kind sets: unit or grams, made to order, whether a parcel ships. */
export function kindColumns(kind: ProductKind) {
  return {
    unitType: kind === "gram" ? ("gram" as const) : ("unit" as const),
    madeToOrder: kind === "made_to_order",
    needsShipping: kind === "gram" || kind === "unit" || kind === "made_to_order",
  };
}
