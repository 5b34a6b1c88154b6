import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { AdminSectionFrame } from "#app/features/admin/admin-shell.tsx";
import { buttonClass, focusRing } from "#app/ui/button-styles.ts";
import { FormMessage } from "#app/ui/field.tsx";
import { failureText, maintenanceApi, maintenanceKeys } from "#app/features/maintenance/maintenance-api.ts";
import { whenText } from "#app/features/maintenance/maintenance-format.ts";
import { DEFAULT_MAINTENANCE_MESSAGE, MAINTENANCE_MESSAGE_MAX, type MaintenanceState } from "#domain/maintenance/maintenance-schemas.ts";

type Message = { kind: "success" | "error"; text: string };

function MaintenanceForm({ state }: { state: MaintenanceState }) {
  const queryClient = useQueryClient();
  const messageId = useId();
  const hintId = useId();
  const [text, setText] = useState(state.message);
  const [pending, setPending] = useState(false);
  const [feedback, setFeedback] = useState<Message | null>(null);

  async function save(enabled: boolean) {
    setPending(true);
    setFeedback(null);
    try {
      const saved = await maintenanceApi.setMaintenance(enabled, text);
      queryClient.setQueryData(maintenanceKeys.mode, saved);
      setFeedback({
        kind: "success",
        text: saved.enabled
          ? "Manutenção ligada: visitantes e clientes veem a página de manutenção. Você continua entrando."
          : "Manutenção desligada: a loja está aberta para todos.",
      });
    } catch (error) {
      setFeedback({ kind: "error", text: failureText(error) });
    } finally {
      setPending(false);
    }
  }

  return (
    <form
      noValidate
      className="space-y-4 rounded-2xl border border-stone-200 bg-white p-4"
      onSubmit={(event) => {
        event.preventDefault();
        void save(!state.enabled);
      }}
    >
      <p className="text-stone-900">
        {state.enabled ? (
          <strong className="text-red-900">A loja está em manutenção.</strong>
        ) : (
          <strong className="text-emerald-900">A loja está aberta.</strong>
        )}{" "}
        {state.updatedAt ? <span className="text-sm text-stone-600">Alterado em {whenText(state.updatedAt)}.</span> : null}
      </p>
      <div>
        <label htmlFor={messageId} className="block text-sm font-medium text-stone-900">
          Mensagem da página de manutenção
        </label>
        <textarea
          id={messageId}
          aria-describedby={hintId}
          value={text}
          maxLength={MAINTENANCE_MESSAGE_MAX}
          rows={3}
          onChange={(event) => setText(event.target.value)}
          className={`mt-1 block w-full rounded-lg border border-stone-300 bg-white px-3 py-2.5 text-base text-stone-900 ${focusRing}`}
        />
        <p id={hintId} className="mt-1 text-xs text-stone-600">
          Em branco, a página diz: “{DEFAULT_MAINTENANCE_MESSAGE}” Até {MAINTENANCE_MESSAGE_MAX} caracteres.
        </p>
      </div>
      {feedback ? <FormMessage kind={feedback.kind}>{feedback.text}</FormMessage> : null}
      <div className="flex flex-wrap gap-3">
        <button type="submit" disabled={pending} className={buttonClass(state.enabled ? "primary" : "secondary")}>
          {state.enabled ? "Desligar manutenção" : "Ligar manutenção"}
        </button>
        {state.enabled ? (
          <button type="button" disabled={pending} className={buttonClass("secondary")} onClick={() => void save(true)}>
            Salvar mensagem
          </button>
        ) : null}
      </div>
    </form>
  );
}

export function MaintenanceModeSection() {
  const query = useQuery({ queryKey: maintenanceKeys.mode, queryFn: maintenanceApi.maintenance, staleTime: 0 });
  return (
    <AdminSectionFrame title="Modo de manutenção">
      <p className="text-sm text-stone-700">
        Ligado, toda a loja responde com a página de manutenção (status 503) a visitantes e clientes, em todos os servidores em poucos
        segundos. Administradores continuam entrando e veem um aviso no topo.
      </p>
      {query.data ? (
        <MaintenanceForm state={query.data} />
      ) : query.isError ? (
        <FormMessage kind="error">{failureText(query.error)}</FormMessage>
      ) : (
        <p role="status">Carregando…</p>
      )}
    </AdminSectionFrame>
  );
}
