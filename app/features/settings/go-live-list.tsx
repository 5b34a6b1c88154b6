import { useQuery } from "@tanstack/react-query";
import { FormMessage } from "#app/ui/field.tsx";
import { settingsApi, settingsKeys } from "#app/features/settings/settings-api.ts";

/**
 * The go-live check (decision 056): each item with a mark and a word (never colour alone) and what to
 * do. Shown under the settings form, so the owner sees items turn green as they save, and in the
 * maintenance panel.
 */
export function GoLiveList() {
  const query = useQuery({ queryKey: settingsKeys.goLive, queryFn: settingsApi.goLive, staleTime: 0 });
  if (query.isError) return <FormMessage kind="error">{query.error.message}</FormMessage>;
  if (!query.data) return <p role="status">Verificando…</p>;
  const red = query.data.items.filter((item) => !item.ok).length;
  return (
    <div className="space-y-3">
      <p role="status" className="font-semibold text-stone-950">
        {red === 0 ? "Tudo pronto: a loja pode abrir." : `${red} ${red === 1 ? "item falta" : "itens faltam"} antes de abrir a loja.`}
      </p>
      <ul className="space-y-2" aria-label="Itens da verificação">
        {query.data.items.map((item) => (
          <li
            key={item.id}
            data-item={item.id}
            data-ok={item.ok}
            className={`rounded-xl border px-3 py-2 text-sm break-words ${item.ok ? "border-emerald-200 bg-emerald-50 text-emerald-950" : "border-red-200 bg-red-50 text-red-950"}`}
          >
            <span className="font-semibold">
              <span aria-hidden="true">{item.ok ? "✔ " : "✘ "}</span>
              {item.label}: {item.ok ? "ok" : "pendente"}
            </span>
            <span className="block">{item.detail}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
