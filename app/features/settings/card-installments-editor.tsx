import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { settingsApi, settingsKeys } from "#app/features/settings/settings-api.ts";
import { buttonClass } from "#app/ui/button-styles.ts";
import { Field, FormMessage } from "#app/ui/field.tsx";
import { type CardInstallmentsView, cardInstallmentsInput } from "#domain/settings/card-installments.ts";

type Feedback = { kind: "success" | "error"; text: string };

function InstallmentsForm({ rule }: { rule: CardInstallmentsView }) {
  const queryClient = useQueryClient();
  const headingId = useId();
  const [form, setForm] = useState({ maxInstallments: String(rule.maxInstallments), withoutInterest: String(rule.withoutInterest) });
  const [busy, setBusy] = useState(false);
  const [feedback, setFeedback] = useState<Feedback | null>(null);

  async function save(event: React.FormEvent) {
    event.preventDefault();
    setFeedback(null);
    // The same rule the server applies, checked before sending.
    const parsed = cardInstallmentsInput.safeParse({
      maxInstallments: Number(form.maxInstallments),
      withoutInterest: Number(form.withoutInterest),
    });
    if (!parsed.success) return setFeedback({ kind: "error", text: parsed.error.issues[0]!.message });
    setBusy(true);
    try {
      queryClient.setQueryData(settingsKeys.cardInstallments, await settingsApi.saveCardInstallments(parsed.data));
      setFeedback({
        kind: "success",
        text:
          parsed.data.withoutInterest > 1
            ? `Parcelamento salvo: as páginas de produto e o carrinho dizem "em até ${parsed.data.withoutInterest}x sem juros".`
            : "Parcelamento salvo: sem parcelas sem juros, as páginas não anunciam parcelamento.",
      });
    } catch (error) {
      setFeedback({ kind: "error", text: error instanceof Error ? error.message : "Não foi possível salvar." });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby={headingId} className="space-y-3 rounded-2xl border border-stone-200 bg-white p-4">
      <h3 id={headingId} className="text-base font-semibold text-stone-950">
        Parcelamento no cartão
      </h3>
      <p className="text-sm text-stone-700">
        {rule.cardsOn
          ? "Quem paga os juros das parcelas é definido no painel do Mercado Pago: use lá o mesmo número de parcelas sem juros."
          : "A loja ainda não aceita cartão (veja no README como ligar). O parcelamento salvo vale quando o cartão for ligado."}
      </p>
      <form noValidate onSubmit={(event) => void save(event)} className="space-y-3">
        <Field
          label="Máximo de parcelas"
          name="maxInstallments"
          inputMode="numeric"
          value={form.maxInstallments}
          onChange={(event) => setForm({ ...form, maxInstallments: event.target.value })}
          hint="De 1 a 12: o comprador não pode escolher mais."
        />
        <Field
          label="Parcelas sem juros"
          name="withoutInterest"
          inputMode="numeric"
          value={form.withoutInterest}
          onChange={(event) => setForm({ ...form, withoutInterest: event.target.value })}
          hint='Anunciado como "em até Nx sem juros" nas páginas de produto e no carrinho; 1: nada é anunciado.'
        />
        <div aria-live="polite">{feedback ? <FormMessage kind={feedback.kind}>{feedback.text}</FormMessage> : null}</div>
        <button type="submit" disabled={busy} className={buttonClass("primary")}>
          {busy ? "Salvando…" : "Salvar parcelamento"}
        </button>
      </form>
    </section>
  );
}

/** The owner's installments rule (issue 32 item 1), on the settings screen beside the logo and the form. */
export function CardInstallmentsEditor() {
  const query = useQuery({ queryKey: settingsKeys.cardInstallments, queryFn: settingsApi.cardInstallments, staleTime: 0 });
  if (query.isError) return <FormMessage kind="error">{query.error.message}</FormMessage>;
  return query.data ? <InstallmentsForm rule={query.data} /> : null;
}
