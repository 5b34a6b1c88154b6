import { useEffect, useId, useState } from "react";
import { ApiCallError } from "#app/lib/fetch-json.ts";
import { FormMessage } from "#app/ui/field.tsx";
import { remindersClient } from "#app/features/account/account-api.ts";

type State = { kind: "loading" } | { kind: "failed" } | { kind: "ready"; enabled: boolean };

/**
 * The account's choice about reminder e-mails (issue 19 item 5): off until the customer turns it
 * on (LGPD), saved at once and recorded as a consent event; every reminder carries a link that
 * turns it off without signing in.
 */
export function ReminderEmails() {
  const id = useId();
  const [state, setState] = useState<State>({ kind: "loading" });
  const [saving, setSaving] = useState(false);
  const [message, setMessage] = useState<{ kind: "error" | "success"; text: string } | null>(null);

  useEffect(() => {
    let current = true;
    remindersClient.call("getMarketingEmail").then(
      (answer) => current && setState({ kind: "ready", enabled: answer.enabled }),
      () => current && setState({ kind: "failed" }),
    );
    return () => {
      current = false;
    };
  }, []);

  async function change(enabled: boolean) {
    // The box follows the tap at once; a refusal puts it back.
    setState({ kind: "ready", enabled });
    setSaving(true);
    setMessage(null);
    try {
      const answer = await remindersClient.call("setMarketingEmail", { body: { enabled } });
      setState({ kind: "ready", enabled: answer.enabled });
      setMessage({
        kind: "success",
        text: answer.enabled
          ? "Pronto: você vai receber um lembrete se deixar itens no carrinho."
          : "Pronto: você não vai receber lembretes.",
      });
    } catch (error) {
      setState({ kind: "ready", enabled: !enabled });
      setMessage({
        kind: "error",
        text: error instanceof ApiCallError && error.message ? error.message : "Não foi possível salvar agora.",
      });
    } finally {
      setSaving(false);
    }
  }

  return (
    <section className="space-y-3 rounded-xl border border-stone-200 p-4 sm:p-5" aria-labelledby={`${id}-titulo`}>
      <h2 id={`${id}-titulo`} className="text-base font-semibold text-stone-950">
        Lembretes por e-mail
      </h2>
      {state.kind === "loading" ? <p className="text-sm text-stone-700">Carregando sua escolha…</p> : null}
      {state.kind === "failed" ? <FormMessage kind="error">Não foi possível carregar sua escolha. Recarregue a página.</FormMessage> : null}
      {state.kind === "ready" ? (
        <label className="flex items-start gap-3 text-sm text-stone-900">
          <input
            type="checkbox"
            checked={state.enabled}
            disabled={saving}
            onChange={(event) => void change(event.target.checked)}
            className="mt-0.5 size-5 shrink-0 accent-emerald-700"
          />
          <span>
            Quero receber um lembrete por e-mail quando deixar itens no carrinho (no máximo um por carrinho). Os e-mails dos seus pedidos
            chegam de qualquer forma.
          </span>
        </label>
      ) : null}
      {message ? <FormMessage kind={message.kind}>{message.text}</FormMessage> : null}
    </section>
  );
}
