import { GoLiveBanner } from "#app/shared/go-live-banner.tsx";
import { SectionLinks } from "#app/ui/section-links.tsx";
import { MAINTENANCE_NAVIGATION, maintenanceSectionHref, type MaintenanceSection } from "#app/features/maintenance/maintenance-sections.ts";

/**
 * /maintenance-panel's frame: the heading and the sections' links, wrapping on a phone (as /admin's,
 * decision 019) so every section is in sight and in Tab order; the current one has aria-current.
 */
export function MaintenanceShell({ section, children }: { section: MaintenanceSection; children: React.ReactNode }) {
  return (
    <div className="mx-auto max-w-5xl space-y-6 px-4 py-8">
      <h1 className="text-3xl font-bold text-stone-950">Painel de manutenção</h1>
      <GoLiveBanner />
      <SectionLinks
        label="Seções do painel de manutenção"
        links={MAINTENANCE_NAVIGATION.map((item) => ({
          label: item.label,
          href: maintenanceSectionHref(item.section),
          current: item.section === section,
        }))}
      />
      {children}
    </div>
  );
}
