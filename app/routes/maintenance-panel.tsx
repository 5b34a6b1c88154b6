import { requireAdmin } from "#app/lib/guards.server.ts";
import { appContext } from "#app/lib/app-context.server.ts";
import { BackupSection } from "#app/features/maintenance-backup/backup-section.tsx";
import { EmailQueueSection } from "#app/features/maintenance-emails/email-queue-section.tsx";
import { backupTools } from "#platform/db/backup.ts";
import type { Route } from "./+types/maintenance-panel";

export const meta: Route.MetaFunction = () => [{ title: "Painel de manutenção | Loja" }, { name: "robots", content: "noindex" }];

/** Admins only (customer → 403 page, visitor → /auth). */
export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  const { db, config } = args.context.get(appContext).services;
  // m18b's sections (issue 18 items 3, 7, 8); the panel's shell and the other sections are m18a's.
  return { backupTools: await backupTools(db.$client.options.connectionString!, { binDir: config.PG_BIN_DIR }) };
}

export default function Page({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-6xl space-y-8 px-4 py-8">
      <h1 className="text-3xl font-bold text-stone-950">Painel de manutenção</h1>
      <EmailQueueSection />
      <BackupSection tools={loaderData.backupTools} />
    </div>
  );
}
