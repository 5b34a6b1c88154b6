/**
 * The sections of /maintenance-panel (issue 18): one page, a section per `?secao=` (as /admin's,
 * decision 019), health first; each has its case in app/routes/maintenance-panel.tsx.
 */

export const MAINTENANCE_SECTIONS = ["saude", "manutencao", "erros", "administradores", "limpeza", "emails", "backup", "abertura"] as const;
export type MaintenanceSection = (typeof MAINTENANCE_SECTIONS)[number];

export const MAINTENANCE_NAVIGATION: ReadonlyArray<{ label: string; section: MaintenanceSection }> = [
  { label: "Saúde", section: "saude" },
  { label: "Modo de manutenção", section: "manutencao" },
  { label: "Erros", section: "erros" },
  { label: "Administradores", section: "administradores" },
  { label: "Limpeza", section: "limpeza" },
  { label: "E-mails", section: "emails" },
  { label: "Backup e exportações", section: "backup" },
  { label: "Verificação para abrir", section: "abertura" },
];

/** Which section a URL shows; an unknown `secao` shows the health rather than an error. */
export function maintenanceSectionOf(params: URLSearchParams): MaintenanceSection {
  const section = params.get("secao");
  return (MAINTENANCE_SECTIONS as readonly string[]).includes(section ?? "") ? (section as MaintenanceSection) : "saude";
}

export const maintenanceSectionHref = (section: MaintenanceSection) =>
  section === "saude" ? "/maintenance-panel" : `/maintenance-panel?secao=${section}`;
