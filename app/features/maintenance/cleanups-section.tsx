import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { AdminSectionFrame } from "#app/features/admin/admin-shell.tsx";
import { buttonClass } from "#app/ui/button-styles.ts";
import { Field, FormMessage } from "#app/ui/field.tsx";
import { failureText, maintenanceApi, maintenanceKeys } from "#app/features/maintenance/maintenance-api.ts";
import { countText } from "#app/features/maintenance/maintenance-format.ts";
import { DEFAULT_CLEANUP_DAYS, type CleanupKind } from "#domain/maintenance/maintenance-schemas.ts";

/** "1 carrinho", "1.234 carrinhos": pt-BR figures and plurals, never "carrinho(s)". */
const many = (count: number, one: string, other: string) => `${countText(count)} ${count === 1 ? one : other}`;

/** What each clean-up touches, said before it runs: the count comes from the server's preview. */
const TEXTS: Record<CleanupKind, { title: string; what: (count: number, days: number | null) => string; action: string }> = {
  "stale-carts": {
    title: "Carrinhos de visitantes parados",
    what: (count, days) => `${many(count, "carrinho", "carrinhos")} sem conta, sem mudança há mais de ${days} dias.`,
    action: "Apagar carrinhos",
  },
  "expired-pix": {
    title: "Pix vencidos ainda pendentes",
    what: (count) =>
      `${many(count, "pedido", "pedidos")} com o Pix vencido; ${count === 1 ? "será cancelado" : "serão cancelados"}, o estoque volta e o cliente é avisado.`,
    action: "Cancelar pedidos",
  },
  "read-notifications": {
    title: "Notificações lidas antigas",
    what: (count, days) => `${many(count, "notificação já lida", "notificações já lidas")}, de mais de ${days} dias.`,
    action: "Apagar notificações",
  },
  "expired-sessions": {
    title: "Sessões vencidas",
    what: (count) => `${many(count, "sessão de login já vencida", "sessões de login já vencidas")}.`,
    action: "Apagar sessões",
  },
};

const MAX_DAYS = 3650;
const daysOf = (text: string) => (/^\d+$/.test(text.trim()) && Number(text) >= 1 && Number(text) <= MAX_DAYS ? Number(text) : null);

function CleanupCard({
  kind,
  count,
  days,
  onDone,
}: {
  kind: CleanupKind;
  count: number;
  days: number | null;
  onDone: () => Promise<void>;
}) {
  const id = useId();
  const [pending, setPending] = useState(false);
  const [feedback, setFeedback] = useState<{ kind: "success" | "error"; text: string } | null>(null);
  const text = TEXTS[kind];
  return (
    <li>
      <article aria-labelledby={id} className="h-full space-y-3 rounded-2xl border border-stone-200 bg-white p-4 text-sm">
        <h3 id={id} className="text-base font-semibold text-stone-950">
          {text.title}
        </h3>
        <p className="text-stone-800">{text.what(count, days)}</p>
        {feedback ? <FormMessage kind={feedback.kind}>{feedback.text}</FormMessage> : null}
        <button
          type="button"
          disabled={pending || count === 0}
          className={buttonClass("secondary")}
          onClick={async () => {
            setPending(true);
            setFeedback(null);
            try {
              const result = await maintenanceApi.runCleanup(kind, days);
              setFeedback({ kind: "success", text: `Feito: ${result.removed} registro(s).` });
              await onDone();
            } catch (failure) {
              setFeedback({ kind: "error", text: failureText(failure) });
            } finally {
              setPending(false);
            }
          }}
        >
          {count === 0 ? "Nada a limpar" : `${text.action} (${countText(count)})`}
        </button>
      </article>
    </li>
  );
}

export function CleanupsSection() {
  const queryClient = useQueryClient();
  const [cartText, setCartText] = useState(String(DEFAULT_CLEANUP_DAYS["stale-carts"]));
  const [notificationText, setNotificationText] = useState(String(DEFAULT_CLEANUP_DAYS["read-notifications"]));
  const cartDays = daysOf(cartText);
  const notificationDays = daysOf(notificationText);
  const valid = cartDays !== null && notificationDays !== null;
  const query = useQuery({
    queryKey: maintenanceKeys.cleanups(cartDays ?? 0, notificationDays ?? 0),
    queryFn: () => maintenanceApi.cleanups(cartDays!, notificationDays!),
    enabled: valid,
    staleTime: 0,
  });
  const dayError = `De 1 a ${MAX_DAYS} dias.`;
  return (
    <AdminSectionFrame title="Limpeza">
      <p className="text-sm text-stone-700">Cada limpeza mostra antes quantos registros vai apagar. Tudo fica no registro de auditoria.</p>
      <div className="flex flex-wrap gap-4">
        <div className="w-56">
          <Field
            label="Carrinhos parados há (dias)"
            name="cartDays"
            inputMode="numeric"
            value={cartText}
            onChange={(e) => setCartText(e.target.value)}
            error={cartDays === null ? dayError : undefined}
          />
        </div>
        <div className="w-56">
          <Field
            label="Notificações lidas há (dias)"
            name="notificationDays"
            inputMode="numeric"
            value={notificationText}
            onChange={(e) => setNotificationText(e.target.value)}
            error={notificationDays === null ? dayError : undefined}
          />
        </div>
      </div>
      {query.data && valid ? (
        <ul className="grid gap-4 md:grid-cols-2">
          {query.data.cleanups.map((cleanup) => (
            <CleanupCard
              key={cleanup.kind}
              kind={cleanup.kind}
              count={cleanup.count}
              days={cleanup.days}
              onDone={() => queryClient.invalidateQueries({ queryKey: ["maintenance", "cleanups"] })}
            />
          ))}
        </ul>
      ) : query.isError ? (
        <FormMessage kind="error">{failureText(query.error)}</FormMessage>
      ) : valid ? (
        <p role="status">Contando…</p>
      ) : null}
    </AdminSectionFrame>
  );
}
