import { Link } from "react-router";
import type { AuditEntryView } from "#domain/audit/audit-schemas.ts";
import { actionLabel, describeAudit } from "#domain/audit/audit-sentences.ts";
import { formatDateTime } from "#app/shared/format-date.ts";
import { entityHref } from "#app/features/audit/audit-labels.ts";

/** A sentence's "A → B": the arrow is drawn for the eye, and screen readers hear "para" in its place. */
function Sentence({ text }: { text: string }) {
  const parts = text.split(" → ");
  return (
    <>
      {parts.map((part, index) => (
        <span key={index}>
          {index > 0 ? (
            <>
              {" "}
              <span aria-hidden="true">→</span>
              <span className="sr-only">para</span>{" "}
            </>
          ) : null}
          {part}
        </span>
      ))}
    </>
  );
}

/**
 * Audit entries, newest first: when, who, what, to which entity, and what changed in sentences
 * ("Pedido #10001: pago → enviado"). Long values (an e-mail, a message) wrap: the list never
 * makes a phone scroll sideways.
 */
export function AuditEntries({ entries }: { entries: AuditEntryView[] }) {
  if (entries.length === 0) return <p className="text-stone-700">Nenhuma alteração registrada ainda.</p>;
  return (
    <ol className="divide-y divide-stone-200 rounded-xl border border-stone-200 bg-white">
      {entries.map((entry) => {
        const href = entityHref(entry.entityType, entry.entityId);
        const { subject, sentences } = describeAudit(entry);
        return (
          <li key={entry.id} className="min-w-0 space-y-1 px-4 py-3 text-sm [overflow-wrap:anywhere]">
            <p className="flex flex-wrap gap-x-4 text-stone-700">
              <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
              <span aria-hidden="true">·</span>
              <span className="break-all">{entry.actorEmail}</span>
            </p>
            <p className="font-semibold text-stone-950">
              {actionLabel(entry.action)} ·{" "}
              {href ? (
                <Link to={href} className="text-emerald-800 underline underline-offset-4">
                  {subject}
                </Link>
              ) : (
                <span>{subject}</span>
              )}
            </p>
            {sentences.length > 0 ? (
              <ul className="text-stone-800">
                {sentences.map((text, index) => (
                  <li key={index}>
                    <Sentence text={text} />
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
