import type { DetailIcon } from "#domain/catalog/catalog-types.ts";

/** The detail icons' names as the owner reads them in the editor. */
export const DETAIL_ICON_LABELS: Record<DetailIcon, string> = {
  package: "Embalagem",
  thermometer: "Temperatura",
  shield: "Segurança",
  truck: "Entrega",
  video: "Vídeo",
  calendar: "Calendário",
  file: "Documento",
  users: "Pessoas",
  clock: "Prazo",
  book: "Livro",
  download: "Download",
  microscope: "Microscópio",
};
