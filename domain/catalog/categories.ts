import type { CategoryId } from "#domain/catalog/catalog-types.ts";

/** The five categories of spec §3, in its order, with the titles the home page shows. */
export const CATEGORIES: ReadonlyArray<{ id: CategoryId; title: string; description: string }> = [
  {
    id: "consultoria",
    title: "Consultoria",
    description: "Atendimento online para revisar o seu espaço, os seus materiais e as suas rotinas.",
  },
  {
    id: "desidratados",
    title: "Amostras desidratadas",
    description: "Sachês a vácuo de 2 g, vendidos por grama, para pesquisa, estudo e coleção.",
  },
  { id: "culturas", title: "Culturas líquidas", description: "Kits com seringa estéril de 10 mL, preparados em capela de fluxo laminar." },
  { id: "spawn", title: "Spawn", description: "1 kg de grãos de trigo colonizados, produzido sob encomenda." },
  { id: "aprender", title: "Aprender", description: "Curso, e-book e workshop sobre técnicas de laboratório em micologia." },
];
