import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { settingsApi, settingsKeys } from "#app/features/settings/settings-api.ts";
import { buttonClass } from "#app/ui/button-styles.ts";
import { focusRing } from "#app/ui/button-styles.ts";
import { Field, FormMessage } from "#app/ui/field.tsx";
import {
  type FulfilmentProfile,
  type FulfilmentProfileInput,
  fulfilmentProfileSchema,
  SHIPS_WITH,
  SHIPS_WITH_LABELS,
  TAX_REGIME_LABELS,
  TAX_REGIMES,
} from "#domain/settings/fulfilment-profile.ts";
import type { FulfilmentReadiness } from "#domain/settings/fulfilment-readiness.ts";

/**
 * The shop's own data for shipping and tax on the owner's settings screen (issue 30 item 2, decision
 * 074): who sends the parcels and issues the notes, checked here with the server's schema (check
 * digits, CEP, UF) before it is sent, and "Pronta para enviar?" with every reason still open.
 */

type Form = {
  name: string;
  phone: string;
  email: string;
  document: string;
  stateRegistration: string;
  municipalRegistration: string;
  cep: string;
  street: string;
  number: string;
  complement: string;
  district: string;
  city: string;
  state: string;
  cityIbgeCode: string;
  taxRegime: string;
  shipsWith: string;
};

function formOf(profile: FulfilmentProfile | null): Form {
  const sender = profile?.sender;
  const address = sender?.address;
  return {
    name: sender?.name ?? "",
    phone: sender?.phone ?? "",
    email: sender?.email ?? "",
    document: sender?.document ?? "",
    stateRegistration: sender?.stateRegistration ?? "",
    municipalRegistration: sender?.municipalRegistration ?? "",
    cep: address?.cep ?? "",
    street: address?.street ?? "",
    number: address?.number ?? "",
    complement: address?.complement ?? "",
    district: address?.district ?? "",
    city: address?.city ?? "",
    state: address?.state ?? "",
    cityIbgeCode: address?.cityIbgeCode ?? "",
    taxRegime: profile?.taxRegime ?? "",
    shipsWith: profile?.shipsWith ?? "",
  };
}

function inputOf(form: Form): FulfilmentProfileInput {
  return {
    sender: {
      name: form.name,
      phone: form.phone,
      email: form.email.trim(),
      document: form.document,
      stateRegistration: form.stateRegistration,
      municipalRegistration: form.municipalRegistration,
      address: {
        cep: form.cep,
        street: form.street,
        number: form.number,
        complement: form.complement,
        district: form.district,
        city: form.city,
        state: form.state,
        cityIbgeCode: form.cityIbgeCode,
      },
    },
    taxRegime: form.taxRegime as FulfilmentProfileInput["taxRegime"],
    shipsWith: form.shipsWith as FulfilmentProfileInput["shipsWith"],
  };
}

/** The schema's refusals by form field (the last part of each issue's path). */
function problemsOf(form: Form): Partial<Record<keyof Form, string>> {
  const parsed = fulfilmentProfileSchema.safeParse(inputOf(form));
  if (parsed.success) return {};
  const problems: Partial<Record<keyof Form, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path.at(-1)) as keyof Form;
    problems[field] ??= issue.message;
  }
  return problems;
}

function Choice({
  legend,
  name,
  value,
  options,
  error,
  onChange,
}: {
  legend: string;
  name: string;
  value: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  error?: string;
  onChange: (value: string) => void;
}) {
  const errorId = useId();
  return (
    <fieldset aria-describedby={error ? errorId : undefined} className="space-y-2">
      <legend className="text-sm font-medium text-stone-900">{legend}</legend>
      {options.map((option) => (
        <label key={option.value} className="flex min-h-11 items-center gap-3 text-sm text-stone-900">
          <input
            type="radio"
            name={name}
            value={option.value}
            checked={value === option.value}
            onChange={() => onChange(option.value)}
            className={`size-5 accent-emerald-800 ${focusRing}`}
          />
          {option.label}
        </label>
      ))}
      {error ? (
        <p id={errorId} className="text-sm text-red-800">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

function Readiness({ readiness }: { readiness: FulfilmentReadiness }) {
  return (
    <section aria-labelledby="pronta-para-enviar" className="space-y-2 rounded-2xl border border-stone-200 bg-white p-4">
      <h4 id="pronta-para-enviar" className="text-base font-semibold text-stone-950">
        Pronta para enviar?
      </h4>
      {readiness.ready ? (
        <p className="text-sm text-emerald-900">Sim: a loja tem o que precisa para emitir notas e comprar etiquetas.</p>
      ) : (
        <>
          <p className="text-sm text-stone-800">Ainda não. Falta:</p>
          <ul className="list-disc space-y-1 pl-5 text-sm text-stone-900">
            {readiness.reasons.map((reason) => (
              <li key={reason}>{reason}</li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

function FulfilmentForm({ profile }: { profile: FulfilmentProfile | null }) {
  const queryClient = useQueryClient();
  const [form, setForm] = useState(() => formOf(profile));
  const [problems, setProblems] = useState<Partial<Record<keyof Form, string>>>({});
  const [pending, setPending] = useState(false);
  const [feedback, setFeedback] = useState<{ kind: "success" | "error"; text: string } | null>(null);
  const set = (name: keyof Form) => (event: React.ChangeEvent<HTMLInputElement>) =>
    setForm((current) => ({ ...current, [name]: event.target.value }));
  const text = (name: keyof Form, label: string, extra: React.InputHTMLAttributes<HTMLInputElement> & { hint?: string } = {}) => (
    <Field label={label} name={`envio-${name}`} value={form[name]} onChange={set(name)} error={problems[name]} {...extra} />
  );

  async function save(event: React.FormEvent) {
    event.preventDefault();
    setFeedback(null);
    const found = problemsOf(form);
    setProblems(found);
    if (Object.keys(found).length > 0) {
      setFeedback({ kind: "error", text: "Confira os campos marcados." });
      return;
    }
    setPending(true);
    try {
      const saved = await settingsApi.saveFulfilment(inputOf(form));
      queryClient.setQueryData(settingsKeys.fulfilment, saved);
      if (saved.profile) setForm(formOf(saved.profile));
      setFeedback({ kind: "success", text: "Dados de envio e fiscais salvos." });
    } catch (error) {
      setFeedback({ kind: "error", text: error instanceof Error ? error.message : "Não foi possível salvar." });
    } finally {
      setPending(false);
    }
  }

  const fieldset = "space-y-3 rounded-2xl border border-stone-200 bg-white p-4";
  const legend = "px-1 text-base font-semibold text-stone-950";
  return (
    <form noValidate onSubmit={(event) => void save(event)} className="space-y-4">
      <fieldset className={fieldset}>
        <legend className={legend}>Quem envia</legend>
        {/* Labels that never contain the store form's ("Razão social", "CNPJ"): pages and journeys find fields by label. */}
        {text("name", "Nome de quem envia", {
          maxLength: 150,
          autoComplete: "organization",
          hint: "A razão social da empresa, ou o nome completo de quem vende como pessoa.",
        })}
        {text("document", "Documento de quem envia", { inputMode: "numeric", hint: "CPF ou CNPJ; conferimos os dígitos verificadores." })}
        {text("stateRegistration", "Inscrição estadual (IE)", {
          inputMode: "numeric",
          hint: "Em branco se a loja não tem IE (pessoa física, muitos MEIs).",
        })}
        {text("municipalRegistration", "Inscrição municipal", {
          inputMode: "numeric",
          hint: "Para as notas de serviços e cursos (NFS-e).",
        })}
        {text("phone", "Telefone", { type: "tel", inputMode: "tel", autoComplete: "tel", hint: "Com DDD, ex.: (11) 91234-5678." })}
        {text("email", "E-mail", { type: "email", autoComplete: "email" })}
      </fieldset>
      <fieldset className={fieldset}>
        <legend className={legend}>Endereço de envio</legend>
        {text("cep", "CEP", { inputMode: "numeric", autoComplete: "postal-code", hint: "Os fretes ao vivo partem deste CEP." })}
        {text("street", "Rua", { autoComplete: "address-line1" })}
        {text("number", "Número")}
        {text("complement", "Complemento")}
        {text("district", "Bairro")}
        {text("city", "Cidade", { autoComplete: "address-level2" })}
        {text("state", "UF", { maxLength: 2, autoComplete: "address-level1", hint: "A sigla, ex.: SP." })}
        {text("cityIbgeCode", "Código IBGE do município", { inputMode: "numeric", hint: "7 dígitos; a NFS-e pede." })}
      </fieldset>
      <fieldset className={fieldset}>
        <legend className={legend}>Notas e envio</legend>
        <Choice
          legend="Regime tributário"
          name="envio-regime"
          value={form.taxRegime}
          options={TAX_REGIMES.map((value) => ({ value, label: TAX_REGIME_LABELS[value] }))}
          error={problems.taxRegime}
          onChange={(value) => setForm((current) => ({ ...current, taxRegime: value }))}
        />
        <Choice
          legend="Cada pacote vai com"
          name="envio-documento"
          value={form.shipsWith}
          options={SHIPS_WITH.map((value) => ({ value, label: SHIPS_WITH_LABELS[value] }))}
          error={problems.shipsWith}
          onChange={(value) => setForm((current) => ({ ...current, shipsWith: value }))}
        />
        <p className="text-xs text-stone-600">
          Empresa que vende mercadorias com IE emite NF-e; a DC-e é para quem não é contribuinte do ICMS. Confirme com seu contador.
        </p>
      </fieldset>
      {feedback ? <FormMessage kind={feedback.kind}>{feedback.text}</FormMessage> : null}
      <button type="submit" disabled={pending} className={buttonClass("primary")}>
        {pending ? "Salvando…" : "Salvar dados de envio"}
      </button>
    </form>
  );
}

/** The section on /admin/configuracoes: its form and the readiness list, with loading and error states. */
export function FulfilmentSection() {
  const query = useQuery({ queryKey: settingsKeys.fulfilment, queryFn: settingsApi.fulfilment, staleTime: 0 });
  return (
    <section aria-labelledby="dados-de-envio" className="space-y-3">
      <h3 id="dados-de-envio" className="text-lg font-bold text-stone-950">
        Dados de envio e fiscais
      </h3>
      <p className="text-sm text-stone-700">
        Quem envia os pacotes e emite as notas: vão nas etiquetas, nas notas fiscais e na lista de separação.
      </p>
      {query.data ? (
        <>
          <Readiness readiness={query.data.readiness} />
          <FulfilmentForm profile={query.data.profile} />
        </>
      ) : query.isError ? (
        <FormMessage kind="error">{query.error.message}</FormMessage>
      ) : (
        <p role="status">Carregando…</p>
      )}
    </section>
  );
}
