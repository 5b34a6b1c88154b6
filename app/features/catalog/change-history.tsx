import type { AuditEntryView } from "#domain/audit/audit-schemas.ts";

const dateTime = new Intl.DateTimeFormat("pt-BR", { dateStyle: "short", timeStyle: "short", timeZone: "America/Sao_Paulo" });

/** The editor's field names as the owner reads them. */
const FIELD_LABELS: Record<string, string> = {
  name: "nome",
  subtitle: "subtítulo",
  description: "descrição",
  keyPoints: "pontos-chave",
  details: "detalhes",
  badge: "selo",
  purchasable: "disponibilidade",
  stock: "estoque",
  madeToOrder: "sob encomenda",
  leadTimeBusinessDays: "prazo de produção",
  priceCents: "preço",
  priceTable: "tabela de preços",
  rates: "preços e prazos por região",
  weightBands: "faixas de peso",
};

/** What an entry changed, in words: the fields its "after" holds (empty lists left out). */
function changedFields(entry: AuditEntryView): string {
  const after = entry.after && typeof entry.after === "object" ? (entry.after as Record<string, unknown>) : {};
  const before = entry.before && typeof entry.before === "object" ? (entry.before as Record<string, unknown>) : {};
  const names = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((name) => {
    const values = [before[name], after[name]];
    return values.some((value) => !(Array.isArray(value) && value.length === 0));
  });
  return names.map((name) => FIELD_LABELS[name] ?? name).join(", ") || "sem mudanças";
}

/** The last changes of a product or of the shipping table (the audit log, decision 021), newest first. */
export function ChangeHistory({ entries }: { entries: AuditEntryView[] }) {
  return (
    <section aria-labelledby="historico-titulo" className="space-y-3">
      <h2 id="historico-titulo" className="text-lg font-bold text-stone-950">
        Histórico de alterações
      </h2>
      {entries.length === 0 ? (
        <p className="text-sm text-stone-700">Nenhuma alteração registrada ainda.</p>
      ) : (
        <ol className="space-y-2">
          {entries.map((entry) => (
            <li key={entry.id} className="rounded-lg border border-stone-200 bg-white p-3 text-sm">
              <p className="font-semibold text-stone-900">{changedFields(entry)}</p>
              <p className="text-stone-700">
                {dateTime.format(new Date(entry.createdAt))} · {entry.actorEmail}
              </p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
