import { useId } from "react";
import { Link } from "react-router";
import { focusRing } from "#app/ui/button-styles.ts";
import { ADMIN_NAVIGATION, type AdminSection } from "#app/features/admin-dash/admin-sections.ts";

/**
 * /admin's frame: the page heading and the sections' navigation. On a phone the links wrap onto two
 * rows rather than scroll sideways, so every section is in sight and reachable by Tab in order; the
 * current one is marked for screen readers (aria-current) and by colour and weight for the eye.
 */
export function AdminShell({ section, children }: { section: AdminSection; children: React.ReactNode }) {
  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-8">
      <h1 className="text-3xl font-bold text-stone-950">Administração</h1>
      <nav aria-label="Seções da administração">
        <ul className="flex flex-wrap gap-2">
          {ADMIN_NAVIGATION.map((item) => {
            const current = item.section === section;
            return (
              <li key={item.href}>
                <Link
                  to={item.href}
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

/** A section's heading and content: a landmark named by its heading, so screen readers list it. */
export function AdminSectionFrame({ title, children, actions }: { title: string; children: React.ReactNode; actions?: React.ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={id} className="text-xl font-bold text-stone-950">
          {title}
        </h2>
        {actions}
      </div>
      {children}
    </section>
  );
}
