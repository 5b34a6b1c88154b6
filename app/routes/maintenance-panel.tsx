import { AdminsSection } from "#app/features/maintenance/admins-section.tsx";
import { CleanupsSection } from "#app/features/maintenance/cleanups-section.tsx";
import { ErrorsSection } from "#app/features/maintenance/errors-section.tsx";
import { HealthSection } from "#app/features/maintenance/health-section.tsx";
import { MaintenanceModeSection } from "#app/features/maintenance/maintenance-mode-section.tsx";
import { MaintenanceShell } from "#app/features/maintenance/maintenance-shell.tsx";
import { maintenanceSectionOf } from "#app/features/maintenance/maintenance-sections.ts";
import { requireAdmin } from "#app/lib/guards.server.ts";
import type { Route } from "./+types/maintenance-panel";

export const meta: Route.MetaFunction = () => [{ title: "Painel de manutenção | Loja" }, { name: "robots", content: "noindex" }];

/**
 * Admins only (customer → 403 page, visitor → /auth). `?secao=` picks the section (issue 18); each
 * reads its own data from the admin API, so the loader only checks access.
 */
export async function loader(args: Route.LoaderArgs) {
  const user = await requireAdmin(args);
  return { section: maintenanceSectionOf(args.url.searchParams), selfEmail: user.email };
}

function SectionContent({ data }: { data: Route.ComponentProps["loaderData"] }) {
  switch (data.section) {
    case "saude":
      return <HealthSection />;
    case "manutencao":
      return <MaintenanceModeSection />;
    case "erros":
      return <ErrorsSection />;
    case "administradores":
      return <AdminsSection selfEmail={data.selfEmail} />;
    case "limpeza":
      return <CleanupsSection />;
    // The e-mail queue, backup and exports: one case each here.
  }
}

export default function Page({ loaderData }: Route.ComponentProps) {
  return (
    <MaintenanceShell section={loaderData.section}>
      <SectionContent data={loaderData} />
    </MaintenanceShell>
  );
}
