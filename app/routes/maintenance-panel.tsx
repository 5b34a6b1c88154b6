import { AdminsSection } from "#app/features/maintenance/admins-section.tsx";
import { CleanupsSection } from "#app/features/maintenance/cleanups-section.tsx";
import { ErrorsSection } from "#app/features/maintenance/errors-section.tsx";
import { HealthSection } from "#app/features/maintenance/health-section.tsx";
import { MaintenanceModeSection } from "#app/features/maintenance/maintenance-mode-section.tsx";
import { MaintenanceShell } from "#app/features/maintenance/maintenance-shell.tsx";
import { maintenanceRouteOf } from "#app/features/maintenance/maintenance-sections.ts";
import { requireAdmin } from "#app/lib/guards.server.ts";
import { appContext } from "#app/lib/app-context.server.ts";
import { BackupSection } from "#app/features/maintenance/backup-section.tsx";
import { EmailQueueSection } from "#app/features/email-queue/email-queue-section.tsx";
import { GoLiveSection } from "#app/features/settings/go-live-section.tsx";
import { backupTools } from "#platform/db/backup.ts";
import { data, redirect } from "react-router";
import { pageTitle } from "#app/lib/shop-name.ts";
import type { Route } from "./+types/maintenance-panel";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle("Painel de manutenção", matches) },
  { name: "robots", content: "noindex" },
];

/**
 * Every address of the panel (/maintenance-panel and /maintenance-panel/<section>, app/routes.ts)
 * is served here: admins only (customer → 403 page, visitor → /auth) before anything else. The path
 * picks the section (issue 18, decision 047); each reads its own data from the admin API, so the
 * loader only checks access (and, for the backup, whether this server has the tools).
 */
export async function loader(args: Route.LoaderArgs) {
  const user = await requireAdmin(args);
  const route = maintenanceRouteOf(args.params.secao, args.url);
  if (!route) throw data(null, { status: 404 });
  if ("redirectTo" in route) throw redirect(route.redirectTo, 301);
  const { section } = route;
  if (section !== "backup") return { section, selfEmail: user.email, backupTools: null };
  // Whether this server can make a backup now (a pg_dump of the database's version), said before the button.
  const { db, config } = args.context.get(appContext).services;
  return {
    section,
    selfEmail: user.email,
    backupTools: await backupTools(db.$client.options.connectionString!, { binDir: config.PG_BIN_DIR }),
  };
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
    case "emails":
      return <EmailQueueSection />;
    case "backup":
      return data.backupTools ? <BackupSection tools={data.backupTools} /> : null;
    case "abertura":
      return <GoLiveSection />;
  }
}

export default function Page({ loaderData }: Route.ComponentProps) {
  return (
    <MaintenanceShell section={loaderData.section}>
      <SectionContent data={loaderData} />
    </MaintenanceShell>
  );
}
