import { Link } from "react-router";
import { focusRing } from "#app/ui/button-styles.ts";
import { MAINTENANCE_NAVIGATION, maintenanceSectionHref, type MaintenanceSection } from "#app/features/maintenance/maintenance-sections.ts";

/**
 * /maintenance-panel's frame: the heading and the sections' links, wrapping on a phone (as /admin's,
 * decision 019) so every section is in sight and in Tab order; the current one has aria-current.
 */
export function MaintenanceShell({ section, children }: { section: MaintenanceSection; children: React.ReactNode }) {
  return (
    <div className="mx-auto max-w-5xl space-y-6 px-4 py-8">
      <h1 className="text-3xl font-bold text-stone-950">Painel de manutenção</h1>
      <nav aria-label="Seções do painel de manutenção">
        <ul className="flex flex-wrap gap-2">
          {MAINTENANCE_NAVIGATION.map((item) => {
            const current = item.section === section;
            return (
              <li key={item.section}>
                <Link
                  to={maintenanceSectionHref(item.section)}
                  aria-current={current ? "page" : undefined}
                  className={`inline-flex h-11 items-center rounded-full border px-4 text-sm font-semibold ${focusRing} ${
                    current ? "border-emerald-800 bg-emerald-800 text-white" : "border-stone-300 bg-white text-stone-900 hover:bg-stone-100"
                  }`}
                >
                  {item.label}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      {children}
    </div>
  );
}
