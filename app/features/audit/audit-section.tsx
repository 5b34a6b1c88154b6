import { Link } from "react-router";
import { buttonClass } from "#app/ui/button-styles.ts";
import type { AuditEntryView } from "#domain/audit/audit-schemas.ts";
import { AdminSectionFrame } from "#app/features/admin/admin-shell.tsx";
import { sectionHref } from "#app/features/admin/admin-sections.ts";
import { AuditEntries } from "#app/features/audit/audit-log-view.tsx";

type AuditPage = { entries: AuditEntryView[]; page: number; hasMore: boolean };

/** The whole audit log (the audit contract's adminAuditLog), newest first, a page at a time. */
export function AuditSection({ log }: { log: AuditPage }) {
  return (
    <AdminSectionFrame title="Auditoria">
      <p className="text-sm text-stone-700">Cada alteração feita por um administrador: quem, quando, o quê, antes e depois.</p>
      <AuditEntries entries={log.entries} />
      {log.page > 1 || log.hasMore ? (
        <nav aria-label="Páginas da auditoria" className="flex items-center justify-between gap-2">
          {log.page > 1 ? (
            <Link to={sectionHref("auditoria", { pagina: log.page - 1 })} className={buttonClass("secondary")}>
              Mais recentes
            </Link>
          ) : (
            <span />
          )}
          {log.hasMore ? (
            <Link to={sectionHref("auditoria", { pagina: log.page + 1 })} className={buttonClass("secondary")}>
              Mais antigas
            </Link>
          ) : null}
        </nav>
      ) : null}
    </AdminSectionFrame>
  );
}
