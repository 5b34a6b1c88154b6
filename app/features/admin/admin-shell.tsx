import { useId } from "react";
import { GoLiveBanner } from "#app/shared/go-live-banner.tsx";
import { SectionLinks } from "#app/ui/section-links.tsx";
import { ADMIN_NAVIGATION, type AdminSection } from "#app/features/admin/admin-sections.ts";

/** /admin's frame: the page heading and the sections' navigation. */
export function AdminShell({ section, children }: { section: AdminSection; children: React.ReactNode }) {
  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-8">
      <h1 className="text-3xl font-bold text-stone-950">Administração</h1>
      <GoLiveBanner />
      <SectionLinks
        label="Seções da administração"
        links={ADMIN_NAVIGATION.map((item) => ({ label: item.label, href: item.href, current: item.section === section }))}
      />
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
