/**
 * Product identities of spec §2 and §3: numeric ids, their fixed UUIDs and slugs, and the
 * old slugs that redirect to the canonical ones. The full catalogue builds on this module.
 */

/** `550e8400-e29b-41d4-a716-446655440` + the numeric id padded to three digits (spec §3). */
export function productUuid(numericId: number): string {
  return `550e8400-e29b-41d4-a716-446655440${String(numericId).padStart(3, "0")}`;
}

export const CATEGORY_IDS = {
  consultoria: [101, 102, 103],
  desidratados: [3, 2, 1],
  culturas: [4, 5, 6],
  spawn: [7, 8, 9],
  aprender: [201, 202, 203],
} as const;

export const PRODUCT_SLUGS: Record<number, string> = {
  1: "cogumelo-golden-teacher",
  2: "cogumelo-penis-envy-7",
  3: "cogumelo-penis-envy-albino",
  4: "cultura-liquida-golden-teacher",
  5: "cultura-liquida-penis-envy-7",
  6: "cultura-liquida-penis-envy-albino",
  7: "spawn-cogumelo-golden-teacher",
  8: "spawn-cogumelo-penis-envy-7",
  9: "spawn-cogumelo-penis-envy-albino",
  101: "consultoria-cultivo",
  102: "mentoria-cultivo",
  103: "auditoria-cultivo",
  201: "curso-cultivo-domestico",
  202: "ebook-cultivo-avancado",
  203: "workshop-tecnicas-profissionais",
};

/** The nine slugs that share the dynamic product page; every other known slug is generic. */
export const FIXED_PRODUCT_SLUGS = [4, 5, 6, 1, 2, 3, 7, 8, 9].map((id) => PRODUCT_SLUGS[id]!);

const STRAIN_SUFFIXES = {
  "golden-teacher": ["gt", "golden-teacher"],
  "penis-envy-7": ["pe", "pe7", "penis-envy", "penis-envy-7"],
  "penis-envy-albino": ["ape", "albino", "penis-envy-albino"],
} as const;

function aliasesFor(strain: keyof typeof STRAIN_SUFFIXES): Array<[string, string]> {
  return STRAIN_SUFFIXES[strain].flatMap((suffix): Array<[string, string]> => [
    [`cultura-liquida-${suffix}`, `cultura-liquida-${strain}`],
    [`psilocybe-cubensis-${suffix}`, `cogumelo-${strain}`],
    [`cogumelo-${suffix}`, `cogumelo-${strain}`],
    [`spawn-psilocybe-cubensis-${suffix}`, `spawn-cogumelo-${strain}`],
    [`comprar-spawn-${suffix}`, `spawn-cogumelo-${strain}`],
    [`spawn-${suffix}`, `spawn-cogumelo-${strain}`],
  ]);
}

/** Old short or alternate slug → canonical slug (never maps a canonical slug to itself). */
export const SLUG_ALIASES: ReadonlyMap<string, string> = new Map(
  (Object.keys(STRAIN_SUFFIXES) as Array<keyof typeof STRAIN_SUFFIXES>)
    .flatMap(aliasesFor)
    .filter(([alias, canonical]) => alias !== canonical),
);

const KNOWN_SLUGS = new Set(Object.values(PRODUCT_SLUGS));

export function isKnownProductSlug(slug: string): boolean {
  return KNOWN_SLUGS.has(slug);
}

export function productIdForSlug(slug: string): number | undefined {
  const entry = Object.entries(PRODUCT_SLUGS).find(([, value]) => value === slug);
  return entry ? Number(entry[0]) : undefined;
}
