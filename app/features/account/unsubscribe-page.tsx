import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { ApiCallError } from "#app/lib/fetch-json.ts";
import { remindersClient } from "#app/features/account/account-api.ts";
import { buttonClass, focusRing } from "#app/ui/button-styles.ts";
import { FormMessage } from "#app/ui/field.tsx";

/** /descadastrar: stops the reminder e-mails of the account the link was made for. */
export function UnsubscribePage({ valid, account, signature }: { valid: boolean; account: string; signature: string }) {
  const [state, setState] = useState<"idle" | "sending" | "done">("idle");
  const [error, setError] = useState<string | null>(null);
  const doneRef = useRef<HTMLParagraphElement>(null);
  // The button vanishes on success: focus goes to the confirmation instead of falling to <body>.
  useEffect(() => {
    if (state === "done") doneRef.current?.focus();
  }, [state]);

  async function stop() {
    setState("sending");
    setError(null);
    try {
      await remindersClient.call("unsubscribe", { body: { account, signature }, fallbackMessage: "Não foi possível concluir agora." });
      setState("done");
    } catch (caught) {
      setError(caught instanceof ApiCallError && caught.message ? caught.message : "Não foi possível concluir agora. Tente novamente.");
      setState("idle");
    }
  }

  return (
    <section className="mx-auto max-w-xl space-y-4 px-4 py-12">
      <h1 className="text-2xl font-bold text-stone-950">Parar lembretes por e-mail</h1>
      {!valid ? (
        <>
          <FormMessage kind="error">Este link de descadastro está incompleto ou não é válido. Use o link completo do e-mail.</FormMessage>
          <p className="text-stone-800">
            Você também pode mudar essa escolha na sua conta, em{" "}
            <Link to="/cliente/privacidade" className={`font-semibold text-emerald-800 underline ${focusRing}`}>
              Privacidade
            </Link>
            .
          </p>
        </>
      ) : state === "done" ? (
        <p
          ref={doneRef}
          tabIndex={-1}
          role="status"
          className={`rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3 text-emerald-950 ${focusRing}`}
        >
          Pronto: você não vai mais receber lembretes de carrinho. Os e-mails sobre os seus pedidos continuam chegando.
        </p>
      ) : (
        <>
          <p className="text-stone-800">
            Você deixará de receber o lembrete de itens esquecidos no carrinho. Os e-mails sobre os seus pedidos (pagamento, envio)
            continuam chegando.
          </p>
          {error ? <FormMessage kind="error">{error}</FormMessage> : null}
          <button type="button" onClick={() => void stop()} disabled={state === "sending"} className={buttonClass("primary")}>
            {state === "sending" ? "Salvando…" : "Não quero mais receber lembretes"}
          </button>
        </>
      )}
    </section>
  );
}
