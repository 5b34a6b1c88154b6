/**
 * The editor's form state: the product's fields as the owner types them (money and numbers as
 * text), turned into the PATCH of the fields that changed, and the local checks that run as the
 * owner types (the same rules and messages as the server's, price-table-rules.ts).
 */
import { type GramPriceTable, PRICE_TABLE_GRAMS, SPEC_PRICE_TABLE } from "#domain/pricing/gram-pricing.ts";
import { priceTableProblem } from "#domain/pricing/price-table-rules.ts";
import type { DetailIcon } from "#domain/catalog/catalog-types.ts";
import {
  type EditableProduct,
  MAX_ACCESS_INSTRUCTIONS,
  MAX_SIZE_CM,
  MAX_WEIGHT_GRAMS,
  type ProductPatch,
  type ProductVisibility,
} from "#domain/catalog/product-edit-schemas.ts";
import { parseReais, parseWhole, reaisText } from "#app/features/catalog/money-input.ts";

export type DetailDraft = { kind: "icon"; icon: DetailIcon; text: string } | { kind: "label"; label: string; value: string };

export type ProductDraft = {
  name: string;
  subtitle: string;
  description: string;
  /** One key point a line. */
  keyPoints: string;
  details: DetailDraft[];
  badge: string;
  /** What a buyer is told once paid (decision 030); "" is nothing. */
  accessInstructions: string;
  purchasable: boolean;
  /** Shows the previous shop's rating figures apart (decision 057). */
  importedRatingShown: boolean;
  /** "" means no stock limit. */
  stock: string;
  madeToOrder: boolean;
  leadTime: string;
  price: string;
  /** True: the sample follows the spec's table (priceTable null). */
  specTable: boolean;
  /** One text per PRICE_TABLE_GRAMS quantity. */
  table: string[];
  /** Listed, hidden or retired (decision 061). */
  visibility: ProductVisibility;
  /** The parcel's weight (g) and size (cm) as typed; "" is not given. */
  weight: string;
  length: string;
  width: string;
  height: string;
};

/** The size fields of the draft, their labels and limits: what the create form and the editor both show. */
export const SIZE_FIELDS = [
  { name: "weight", label: "Peso com embalagem (g)", max: MAX_WEIGHT_GRAMS },
  { name: "length", label: "Comprimento (cm)", max: MAX_SIZE_CM },
  { name: "width", label: "Largura (cm)", max: MAX_SIZE_CM },
  { name: "height", label: "Altura (cm)", max: MAX_SIZE_CM },
] as const;

const wholeText = (value: number | null) => (value === null ? "" : String(value));
/** A typed size: null when blank, the number otherwise (checked by sizeErrors). */
export const sizeValue = (text: string) => (text.trim() === "" ? null : parseWhole(text));

/** The size fields' problems, in the server's words. */
export function sizeErrors(draft: Pick<ProductDraft, "weight" | "length" | "width" | "height">): Partial<Record<SizeName, string>> {
  const errors: Partial<Record<SizeName, string>> = {};
  for (const field of SIZE_FIELDS) {
    const text = draft[field.name];
    if (text.trim() === "") continue;
    const value = parseWhole(text);
    if (value === null || value <= 0) errors[field.name] = "Informe um número inteiro maior que zero, ou deixe em branco.";
    else if (value > field.max) errors[field.name] = `No máximo ${field.max.toLocaleString("pt-BR")}.`;
  }
  return errors;
}
export type SizeName = (typeof SIZE_FIELDS)[number]["name"];

export function draftOf(product: EditableProduct): ProductDraft {
  const table = product.priceTable ?? SPEC_PRICE_TABLE;
  return {
    name: product.name,
    subtitle: product.subtitle,
    description: product.description,
    keyPoints: product.keyPoints.join("\n"),
    details: product.details.map((detail) =>
      "icon" in detail
        ? { kind: "icon", icon: detail.icon, text: detail.text }
        : { kind: "label", label: detail.label, value: detail.value },
    ),
    badge: product.badge ?? "",
    accessInstructions: product.accessInstructions ?? "",
    purchasable: product.purchasable,
    importedRatingShown: product.importedRatingShown,
    stock: product.stock === null ? "" : String(product.stock),
    madeToOrder: product.madeToOrder,
    leadTime: product.leadTimeBusinessDays === null ? "" : String(product.leadTimeBusinessDays),
    price: reaisText(product.priceCents),
    specTable: product.priceTable === null,
    table: PRICE_TABLE_GRAMS.map((grams) => reaisText(table.find((point) => point.grams === grams)?.totalCents ?? null)),
    visibility: product.visibility,
    weight: wholeText(product.weightGrams),
    length: wholeText(product.lengthCm),
    width: wholeText(product.widthCm),
    height: wholeText(product.heightCm),
  };
}

export type DraftErrors = Partial<
  Record<"name" | "description" | "stock" | "leadTime" | "price" | "table" | "accessInstructions" | SizeName, string>
> & {
  tableCells?: Record<number, string>;
};

/** The draft's price table in cents, or the cell that is not money. */
export function draftTable(draft: ProductDraft): { table: Array<{ grams: number; totalCents: number }> | null; badCell?: number } {
  const points: Array<{ grams: number; totalCents: number }> = [];
  for (const [index, grams] of PRICE_TABLE_GRAMS.entries()) {
    const cents = parseReais(draft.table[index] ?? "");
    if (cents === null) return { table: null, badCell: index };
    points.push({ grams, totalCents: cents });
  }
  return { table: points };
}

/** What is wrong with the draft before it is sent (the server checks it all again). */
export function draftErrors(draft: ProductDraft, unitType: "gram" | "unit"): DraftErrors {
  const errors: DraftErrors = { ...sizeErrors(draft) };
  if (!draft.name.trim()) errors.name = "Informe o nome.";
  if (!draft.description.trim()) errors.description = "Informe a descrição.";
  if (draft.accessInstructions.trim().length > MAX_ACCESS_INSTRUCTIONS)
    errors.accessInstructions = `No máximo ${MAX_ACCESS_INSTRUCTIONS} caracteres.`;
  if (draft.stock.trim() !== "" && parseWhole(draft.stock) === null)
    errors.stock = "Informe um número inteiro, ou deixe em branco para sem limite.";
  if (draft.madeToOrder && parseWhole(draft.leadTime) === null) errors.leadTime = "Informe o prazo de produção em dias úteis.";
  else if (draft.leadTime.trim() !== "" && !parseWhole(draft.leadTime)) errors.leadTime = "O prazo deve ser de pelo menos 1 dia útil.";
  if (unitType === "unit") {
    const cents = parseReais(draft.price);
    if (cents === null || cents <= 0) errors.price = "Informe um preço em reais maior que zero, como 89,90.";
  } else if (!draft.specTable) {
    const { table, badCell } = draftTable(draft);
    if (badCell !== undefined) {
      errors.tableCells = { [badCell]: "Informe um valor em reais, como 40,00." };
      errors.table = `Confira o preço de ${PRICE_TABLE_GRAMS[badCell]} g.`;
    } else {
      const problem = priceTableProblem(table!);
      if (problem) errors.table = problem;
    }
  }
  return errors;
}

export const hasErrors = (errors: DraftErrors) => Object.keys(errors).length > 0;

/** The draft's values in the API's shape (only meaningful when draftErrors found nothing). */
function fieldsOf(draft: ProductDraft, unitType: "gram" | "unit"): Omit<ProductPatch, "version"> {
  return {
    name: draft.name.trim(),
    subtitle: draft.subtitle.trim(),
    description: draft.description.trim(),
    keyPoints: draft.keyPoints
      .split("\n")
      .map((line) => line.trim())
      .filter(Boolean),
    details: draft.details.map((detail) =>
      detail.kind === "icon" ? { icon: detail.icon, text: detail.text.trim() } : { label: detail.label.trim(), value: detail.value.trim() },
    ),
    badge: draft.badge.trim() || null,
    accessInstructions: draft.accessInstructions.trim() || null,
    purchasable: draft.purchasable,
    importedRatingShown: draft.importedRatingShown,
    stock: draft.stock.trim() === "" ? null : parseWhole(draft.stock),
    madeToOrder: draft.madeToOrder,
    leadTimeBusinessDays: draft.leadTime.trim() === "" ? null : parseWhole(draft.leadTime),
    visibility: draft.visibility,
    weightGrams: sizeValue(draft.weight),
    lengthCm: sizeValue(draft.length),
    widthCm: sizeValue(draft.width),
    heightCm: sizeValue(draft.height),
    ...(unitType === "unit"
      ? { priceCents: parseReais(draft.price) ?? 0 }
      : { priceTable: draft.specTable ? null : draftTable(draft).table }),
  };
}

/** The PATCH of what the owner changed, with the version the editor was opened on. */
export function patchOf(original: EditableProduct, draft: ProductDraft): ProductPatch {
  const before = fieldsOf(draftOf(original), original.unitType);
  const after = fieldsOf(draft, original.unitType);
  const patch: Record<string, unknown> = { version: original.version };
  for (const [name, value] of Object.entries(after)) {
    if (JSON.stringify(value) !== JSON.stringify(before[name as keyof typeof before])) patch[name] = value;
  }
  return patch as ProductPatch;
}

/** The pricing subject of the draft, for the preview (null while its price cannot be read). */
export function draftPricing(
  draft: ProductDraft,
  unitType: "gram" | "unit",
): { unitPriceCents: number } | { priceTable: GramPriceTable } | null {
  if (unitType === "unit") {
    const cents = parseReais(draft.price);
    return cents && cents > 0 ? { unitPriceCents: cents } : null;
  }
  if (draft.specTable) return { priceTable: SPEC_PRICE_TABLE };
  const { table } = draftTable(draft);
  return table && !priceTableProblem(table) ? { priceTable: table } : null;
}
