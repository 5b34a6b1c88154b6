/**
 * The sections of /maintenance-panel (issue 18), health first, each at its own address,
 * /maintenance-panel/<section> (as /admin's, decision 047); each has its case in
 * app/routes/maintenance-panel.tsx. The addresses of before (`?secao=`) are sent on to the new ones.
 */

export const MAINTENANCE_SECTIONS = ["saude", "manutencao", "erros", "administradores", "limpeza", "emails", "backup"] as const;
export type MaintenanceSection = (typeof MAINTENANCE_SECTIONS)[number];

export const MAINTENANCE_NAVIGATION: ReadonlyArray<{ label: string; section: MaintenanceSection }> = [
  { label: "Saúde", section: "saude" },
  { label: "Modo de manutenção", section: "manutencao" },
  { label: "Erros", section: "erros" },
  { label: "Administradores", section: "administradores" },
  { label: "Limpeza", section: "limpeza" },
  { label: "E-mails", section: "emails" },
  { label: "Backup e exportações", section: "backup" },
];

const isSection = (value: string | null | undefined): value is MaintenanceSection =>
  (MAINTENANCE_SECTIONS as readonly string[]).includes(value ?? "");

/** Which section an address shows, where an address of before goes, or nothing (an unknown section: 404). */
export function maintenanceRouteOf(segment: string | undefined, url: URL): { section: MaintenanceSection } | { redirectTo: string } | null {
  if (segment !== undefined) return isSection(segment) ? { section: segment } : null;
  if (url.searchParams.has("secao")) {
    const secao = url.searchParams.get("secao");
    return { redirectTo: maintenanceSectionHref(isSection(secao) ? secao : "saude") };
  }
  return { section: "saude" };
}

export const maintenanceSectionHref = (section: MaintenanceSection) =>
  section === "saude" ? "/maintenance-panel" : `/maintenance-panel/${section}`;
