/**
 * The parcel a cart makes (decision 005, and 073 for live quotes): its weight and outer size. A
 * product's own weight (grams per unit, or per 2 g sachet) and size, as the owner typed them in the
 * product editor, win; without them the category's estimate weighs it and the smallest box sizes it.
 */

/** Box and filling of every parcel. */
export const PARCEL_BASE_GRAMS = 200;
const GRAMS_PER_SACHET = 10;
const GRAMS_BY_CATEGORY: Record<string, number> = { culturas: 150, spawn: 1100 };
/** The box a parcel goes in when no product gives its size: Correios' smallest box is 16 × 11 × 2 cm. */
export const DEFAULT_BOX_CM = { lengthCm: 17, widthCm: 12, heightCm: 4 } as const;

export type WeighedLine = {
  category: string;
  unitType: "gram" | "unit";
  quantity: number;
  needsShipping: boolean;
  /** The product's own figures from the catalogue; null or absent: estimated. */
  weightGrams?: number | null;
  lengthCm?: number | null;
  widthCm?: number | null;
  heightCm?: number | null;
};

export type Parcel = { weightGrams: number; lengthCm: number; widthCm: number; heightCm: number };

/** How many of the product travel: sachets of 2 g for gram products, else units. */
const pieces = (line: WeighedLine) => (line.unitType === "gram" ? Math.ceil(line.quantity / 2) : line.quantity);

/** Shipping weight of the physical lines, in grams; 0 when nothing ships. */
export function parcelWeightGrams(lines: readonly WeighedLine[]): number {
  const physical = lines.filter((line) => line.needsShipping);
  if (physical.length === 0) return 0;
  return physical.reduce((total, line) => {
    const each = line.weightGrams ?? (line.unitType === "gram" ? GRAMS_PER_SACHET : (GRAMS_BY_CATEGORY[line.category] ?? 100));
    return total + each * pieces(line);
  }, PARCEL_BASE_GRAMS);
}

/**
 * The parcel: its weight, and a box as long and wide as the largest product and as high as the
 * products stacked, never smaller than DEFAULT_BOX_CM. Weight 0 when nothing ships.
 */
export function parcelOf(lines: readonly WeighedLine[]): Parcel {
  const sized = lines.filter((line) => line.needsShipping && line.lengthCm && line.widthCm && line.heightCm);
  return {
    weightGrams: parcelWeightGrams(lines),
    lengthCm: Math.max(DEFAULT_BOX_CM.lengthCm, ...sized.map((line) => line.lengthCm!)),
    widthCm: Math.max(DEFAULT_BOX_CM.widthCm, ...sized.map((line) => line.widthCm!)),
    heightCm: Math.max(
      DEFAULT_BOX_CM.heightCm,
      sized.reduce((total, line) => total + line.heightCm! * pieces(line), 0),
    ),
  };
}

/** A parcel of this weight in the default box (a cart without lines weighs the box alone). */
export const parcelOfWeight = (weightGrams: number): Parcel => ({ weightGrams, ...DEFAULT_BOX_CM });
