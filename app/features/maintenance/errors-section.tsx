import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { AdminSectionFrame } from "#app/features/admin/admin-shell.tsx";
import { buttonClass } from "#app/ui/button-styles.ts";
import { Field, FormMessage } from "#app/ui/field.tsx";
import { failureText, maintenanceApi, maintenanceKeys } from "#app/features/maintenance/maintenance-api.ts";
import { countText, whenText } from "#app/features/maintenance/maintenance-format.ts";
import type { ErrorList } from "#domain/maintenance/maintenance-schemas.ts";

function ServerErrors({ groups }: { groups: ErrorList["server"] }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="space-y-3">
      <h3 id={id} className="text-lg font-semibold text-stone-950">
        Do servidor
      </h3>
      {groups.length === 0 ? (
        <p className="text-stone-700">Nenhum erro do servidor registrado.</p>
      ) : (
        <ul className="space-y-2">
          {groups.map((group) => (
            <li
              key={`${group.method} ${group.route} ${group.status} ${group.code}`}
              className="rounded-xl border border-stone-200 bg-white p-3 text-sm"
            >
              <p className="font-semibold text-stone-950">
                {group.method} <span className="break-all">{group.route}</span> → {group.status} {group.code}
              </p>
              <p className="text-stone-700">
                {countText(group.count)}× · primeira vez {whenText(group.firstSeenAt)} · última {whenText(group.lastSeenAt)}
              </p>
              <p className="break-all text-stone-600">Última requisição: {group.lastRequestId}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function ClientErrors({ groups }: { groups: ErrorList["client"] }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="space-y-3">
      <h3 id={id} className="text-lg font-semibold text-stone-950">
        Dos navegadores
      </h3>
      {groups.length === 0 ? (
        <p className="text-stone-700">Nenhum erro enviado pelos navegadores.</p>
      ) : (
        <ul className="space-y-2">
          {groups.map((group) => (
            <li key={`${group.path} ${group.message}`} className="rounded-xl border border-stone-200 bg-white p-3 text-sm">
              <p className="font-semibold break-words text-stone-950">{group.message}</p>
              <p className="text-stone-700">
                <span className="break-all">{group.path}</span> · {countText(group.count)}× · última {whenText(group.lastSeenAt)}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function ClearForm() {
  const queryClient = useQueryClient();
  const [days, setDays] = useState("30");
  const [error, setError] = useState<string | undefined>();
  const [feedback, setFeedback] = useState<{ kind: "success" | "error"; text: string } | null>(null);
  const [pending, setPending] = useState(false);
  return (
    <form
      noValidate
      aria-label="Limpar erros antigos"
      className="flex flex-wrap items-end gap-3 rounded-2xl border border-stone-200 bg-white p-4"
      onSubmit={async (event) => {
        event.preventDefault();
        const olderThanDays = Number(days);
        if (!/^\d+$/.test(days.trim()) || olderThanDays > 3650) {
          setError("Informe um número inteiro de dias, de 0 a 3650.");
          return;
        }
        setError(undefined);
        setPending(true);
        try {
          const removed = await maintenanceApi.clearErrors(olderThanDays);
          setFeedback({ kind: "success", text: `Apagados: ${removed.server} do servidor e ${removed.client} dos navegadores.` });
          await queryClient.invalidateQueries({ queryKey: maintenanceKeys.errors });
        } catch (failure) {
          setFeedback({ kind: "error", text: failureText(failure) });
        } finally {
          setPending(false);
        }
      }}
    >
      <div className="w-40">
        <Field
          label="Vistos há mais de (dias)"
          name="days"
          inputMode="numeric"
          value={days}
          onChange={(e) => setDays(e.target.value)}
          error={error}
          hint="0 apaga todos."
        />
      </div>
      <button type="submit" disabled={pending} className={buttonClass("secondary")}>
        Limpar erros
      </button>
      {feedback ? (
        <div className="w-full">
          <FormMessage kind={feedback.kind}>{feedback.text}</FormMessage>
        </div>
      ) : null}
    </form>
  );
}

export function ErrorsSection() {
  const query = useQuery({ queryKey: maintenanceKeys.errors, queryFn: maintenanceApi.errors, staleTime: 0 });
  return (
    <AdminSectionFrame title="Erros">
      <p className="text-sm text-stone-700">
        Erros recentes, agrupados. Os do servidor guardam a rota, o código e o id da última requisição (procure-o nos logs); nenhum dado
        pessoal.
      </p>
      {query.data ? (
        <div className="space-y-6">
          <ServerErrors groups={query.data.server} />
          <ClientErrors groups={query.data.client} />
        </div>
      ) : query.isError ? (
        <FormMessage kind="error">{failureText(query.error)}</FormMessage>
      ) : (
        <p role="status">Carregando…</p>
      )}
      <ClearForm />
    </AdminSectionFrame>
  );
}
