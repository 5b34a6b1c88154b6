import { useId } from "react";
import { buttonClass } from "#app/ui/button-styles.ts";
import { FormMessage } from "#app/ui/field.tsx";
import { apiClient } from "#app/lib/api-client.ts";
import type { maintenanceBackupContract } from "#server/contracts/maintenance-backup.ts";
import type { ordersAdminContract } from "#server/contracts/orders-admin.ts";
import { maintenanceBackupRoutes } from "#server/contracts/maintenance-backup.routes.ts";
import { ordersAdminRoutes } from "#server/contracts/orders-admin.routes.ts";

export type BackupToolsView = { available: true; version: string } | { available: false; reason: string };

const backup = apiClient<typeof maintenanceBackupContract>(maintenanceBackupRoutes);
const orders = apiClient<typeof ordersAdminContract>(ordersAdminRoutes);

const EXPORTS = [
  { href: orders.href("adminExportOrders"), label: "Pedidos (CSV)" },
  { href: backup.href("adminExportCustomers"), label: "Clientes (CSV)" },
  { href: backup.href("adminExportProducts"), label: "Produtos (CSV)" },
];

/**
 * The maintenance panel's backup download and CSV exports (issue 18 items 7 and 8): plain links,
 * the browser downloads the streamed file. When this server has no pg_dump of the database's
 * version, the panel says what is missing instead of offering a download that would fail.
 */
export function BackupSection({ tools }: { tools: BackupToolsView }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <h2 id={headingId} className="text-xl font-bold text-stone-950">
        Backup e exportações
      </h2>
      <div className="space-y-3 rounded-2xl border border-stone-200 bg-white p-4 text-sm text-stone-800">
        <h3 className="text-base font-semibold text-stone-950">Backup do banco de dados</h3>
        <p>
          O banco inteiro (pedidos, clientes, produtos, contas, fila de e-mails) num arquivo do pg_dump, com a data no nome. Para restaurar,
          num banco vazio: <code className="rounded bg-stone-100 px-1">npm run restore -- arquivo.dump</code>.
        </p>
        {tools.available ? (
          <a href={backup.href("adminBackup")} download className={buttonClass("primary")}>
            Baixar backup
          </a>
        ) : (
          <FormMessage kind="error">{tools.reason}</FormMessage>
        )}
        {tools.available ? <p className="text-stone-700">PostgreSQL {tools.version}. Cada download fica registrado na auditoria.</p> : null}
      </div>
      <div className="space-y-3 rounded-2xl border border-stone-200 bg-white p-4 text-sm text-stone-800">
        <h3 className="text-base font-semibold text-stone-950">Exportações</h3>
        <p>Planilhas para o Excel em português (separador ;), com todos os registros.</p>
        <ul className="flex flex-wrap gap-2">
          {EXPORTS.map((item) => (
            <li key={item.href}>
              <a href={item.href} download className={buttonClass("secondary")}>
                {item.label}
              </a>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
