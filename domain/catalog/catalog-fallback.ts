/**
 * The part of the built-in catalogue the browser ships (spec §3 "built into the client", §4 image
 * resolution): numeric id, name and image of the fifteen products, nothing more, so pages stay
 * light. The full copy (texts, prices) lives in catalog-seed.ts, which only the seed reads.
 */

export type BuiltInImage = { id: number; name: string; image: string };

/** Spec §4: the last step of the image resolution. */
export const DEFAULT_PRODUCT_IMAGE = "/images/products/produto-padrao-800.webp";

const image = (key: string) => `/images/products/${key}-800.webp`;

/** In the spec's category order: consultoria, desidratados, culturas, spawn, aprender. */
export const BUILT_IN_IMAGES: readonly BuiltInImage[] = [
  { id: 101, name: "Consultoria de Cultivo", image: image("consultoria-cultivo") },
  { id: 102, name: "Mentoria de Cultivo", image: image("mentoria-cultivo") },
  { id: 103, name: "Auditoria de Cultivo", image: image("auditoria-cultivo") },
  { id: 3, name: "Cogumelo Penis Envy Albino", image: image("cogumelo-penis-envy-albino") },
  { id: 2, name: "Cogumelo Penis Envy 7", image: image("cogumelo-penis-envy-7") },
  { id: 1, name: "Cogumelo Golden Teacher", image: image("cogumelo-golden-teacher") },
  { id: 4, name: "Cultura Líquida Golden Teacher", image: image("cultura-liquida-golden-teacher") },
  { id: 5, name: "Cultura Líquida Penis Envy 7", image: image("cultura-liquida-penis-envy-7") },
  { id: 6, name: "Cultura Líquida Penis Envy Albino", image: image("cultura-liquida-penis-envy-albino") },
  { id: 7, name: "Spawn Golden Teacher", image: image("spawn-cogumelo-golden-teacher") },
  { id: 8, name: "Spawn Penis Envy 7", image: image("spawn-cogumelo-penis-envy-7") },
  { id: 9, name: "Spawn Penis Envy Albino", image: image("spawn-cogumelo-penis-envy-albino") },
  { id: 201, name: "Curso de Cultivo Doméstico", image: image("curso-cultivo-domestico") },
  { id: 202, name: "E-book de Cultivo Avançado", image: image("ebook-cultivo-avancado") },
  { id: 203, name: "Workshop de Técnicas Profissionais", image: image("workshop-tecnicas-profissionais") },
];

/** Second gallery images, one per physical product line. */
export const DETAIL_IMAGES = {
  desidratados: image("detalhe-sache-2g"),
  culturas: image("detalhe-kit-seringa"),
  spawn: image("detalhe-saco-spawn"),
} as const;
