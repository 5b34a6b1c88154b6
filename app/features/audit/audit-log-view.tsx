import { Link } from "react-router";
import type { AuditEntryView } from "#domain/audit/audit-schemas.ts";
import { formatDateTime } from "#app/shared/format-date.ts";
import { actionLabel, changedFields, entityHref, entityLabel } from "#app/features/audit/audit-labels.ts";

/** Audit entries, newest first: when, who, what, to which entity, and each field's before → after. */
export function AuditEntries({ entries }: { entries: AuditEntryView[] }) {
  if (entries.length === 0) return <p className="text-stone-700">Nenhuma alteração registrada ainda.</p>;
  return (
    <ol className="divide-y divide-stone-200 rounded-xl border border-stone-200 bg-white">
      {entries.map((entry) => {
        const href = entityHref(entry.entityType, entry.entityId);
        const changes = changedFields(entry.before, entry.after);
        return (
          <li key={entry.id} className="space-y-1 px-4 py-3 text-sm">
            <p className="flex flex-wrap gap-x-4 text-stone-700">
              <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
              <span aria-hidden="true">·</span>
              <span className="break-all">{entry.actorEmail}</span>
            </p>
            <p className="font-semibold text-stone-950">
              {actionLabel(entry.action)} ·{" "}
              {href ? (
                <Link to={href} className="text-emerald-800 underline underline-offset-4">
                  {entityLabel(entry.entityType)} {entry.entityId.slice(0, 8)}
                </Link>
              ) : (
                <span>
                  {entityLabel(entry.entityType)} {entry.entityId.slice(0, 8)}
                </span>
              )}
            </p>
            {changes.length > 0 ? (
              <ul className="text-stone-800">
                {changes.map((change) => (
                  <li key={change.field}>
                    {change.field}: {change.from} <span aria-hidden="true">→</span>
                    <span className="sr-only">para</span> {change.to}
                  </li>
                ))}
              </ul>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}
