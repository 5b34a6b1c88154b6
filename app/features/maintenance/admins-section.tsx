import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { AdminSectionFrame } from "#app/features/admin/admin-shell.tsx";
import { buttonClass } from "#app/ui/button-styles.ts";
import { Field, FormMessage } from "#app/ui/field.tsx";
import { failureText, maintenanceApi, maintenanceKeys } from "#app/features/maintenance/maintenance-api.ts";

type Feedback = { kind: "success" | "error"; text: string };

/** The admins: who they are, add one by e-mail, remove one (not yourself, nor one of ADMIN_EMAILS). */
export function AdminsSection({ selfEmail }: { selfEmail: string }) {
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: maintenanceKeys.admins, queryFn: maintenanceApi.admins, staleTime: 0 });
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const [pending, setPending] = useState(false);

  async function change(run: () => Promise<{ admins: Array<{ email: string; source: "config" | "database" }> }>, done: string) {
    setPending(true);
    setFeedback(null);
    try {
      queryClient.setQueryData(maintenanceKeys.admins, await run());
      setFeedback({ kind: "success", text: done });
      return true;
    } catch (failure) {
      setFeedback({ kind: "error", text: failureText(failure) });
      return false;
    } finally {
      setPending(false);
    }
  }

  return (
    <AdminSectionFrame title="Administradores">
      <p className="text-sm text-stone-700">
        Um e-mail da lista vira administrador quando a conta dele confirma o endereço. Os definidos em ADMIN_EMAILS só mudam na
        configuração.
      </p>
      {feedback ? <FormMessage kind={feedback.kind}>{feedback.text}</FormMessage> : null}
      {query.data ? (
        <ul className="divide-y divide-stone-200 rounded-2xl border border-stone-200 bg-white">
          {query.data.admins.map((admin) => {
            const self = admin.email === selfEmail.toLowerCase();
            return (
              <li key={admin.email} className="flex flex-wrap items-center justify-between gap-3 p-3 text-sm">
                <span className="break-all text-stone-950">
                  {admin.email}
                  {self ? <span className="text-stone-600"> (você)</span> : null}
                  {admin.source === "config" ? <span className="text-stone-600"> · ADMIN_EMAILS</span> : null}
                </span>
                {admin.source === "database" && !self ? (
                  <button
                    type="button"
                    disabled={pending}
                    className={buttonClass("secondary")}
                    aria-label={`Remover ${admin.email}`}
                    onClick={() => void change(() => maintenanceApi.removeAdmin(admin.email), `${admin.email} não é mais administrador.`)}
                  >
                    Remover
                  </button>
                ) : null}
              </li>
            );
          })}
        </ul>
      ) : query.isError ? (
        <FormMessage kind="error">{failureText(query.error)}</FormMessage>
      ) : (
        <p role="status">Carregando…</p>
      )}
      <form
        noValidate
        aria-label="Adicionar administrador"
        className="flex flex-wrap items-end gap-3 rounded-2xl border border-stone-200 bg-white p-4"
        onSubmit={async (event) => {
          event.preventDefault();
          const wanted = email.trim();
          if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(wanted)) {
            setError("Informe um e-mail válido.");
            return;
          }
          setError(undefined);
          if (await change(() => maintenanceApi.addAdmin(wanted), `${wanted.toLowerCase()} agora é administrador.`)) setEmail("");
        }}
      >
        <div className="min-w-0 flex-1 basis-60">
          <Field
            label="E-mail do novo administrador"
            name="email"
            type="email"
            autoComplete="off"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            error={error}
          />
        </div>
        <button type="submit" disabled={pending} className={buttonClass("primary")}>
          Adicionar
        </button>
      </form>
    </AdminSectionFrame>
  );
}
