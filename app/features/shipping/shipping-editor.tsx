import { ArrowLeft, Plus, Trash2 } from "lucide-react";
import { useId, useState } from "react";
import { Link, useRevalidator } from "react-router";
import { formatBRL } from "#domain/pricing/money.ts";
import { SHIPPING_METHOD_LABELS, SHIPPING_METHODS, type ShippingMethod } from "#domain/shipping/shipping-methods.ts";
import type { ShippingTableInput, ShippingTableView } from "#domain/shipping/shipping-table-schemas.ts";
import type { ShippingQuote } from "#domain/shipping/shipping-quote-schema.ts";
import { ApiCallError } from "#app/lib/fetch-json.ts";
import { buttonClass, focusRing } from "#app/ui/button-styles.ts";
import { Field, FormMessage } from "#app/ui/field.tsx";
import { adminProductsApi } from "#app/features/catalog/admin-products-api.ts";
import { parseReais, parseWhole, reaisText } from "#app/features/catalog/money-input.ts";

type RateDraft = { offered: boolean; price: string; days: string };
type RegionDraft = { region: string; cepFrom: string; cepTo: string } & Record<ShippingMethod, RateDraft>;
type BandDraft = { maxWeight: string; surcharge: string; extraDays: string };
type TableDraft = { regions: RegionDraft[]; bands: Record<ShippingMethod, BandDraft[]> };

const cepText = (cep: string) => (cep.length === 8 ? `${cep.slice(0, 5)}-${cep.slice(5)}` : cep);

function draftOf(table: ShippingTableView): TableDraft {
  const rate = (value: { priceCents: number; deliveryDays: number } | null): RateDraft =>
    value
      ? { offered: true, price: reaisText(value.priceCents), days: String(value.deliveryDays) }
      : { offered: false, price: "", days: "" };
  return {
    regions: table.regions.map((region) => ({
      region: region.region,
      cepFrom: cepText(region.cepFrom),
      cepTo: cepText(region.cepTo),
      pac: rate(region.pac),
      sedex: rate(region.sedex),
    })),
    bands: {
      pac: table.weightBands.pac.map(bandDraft),
      sedex: table.weightBands.sedex.map(bandDraft),
    },
  };
}

function bandDraft(band: { maxWeightGrams: number; surchargeCents: number; extraDays: number }): BandDraft {
  return { maxWeight: String(band.maxWeightGrams), surcharge: reaisText(band.surchargeCents), extraDays: String(band.extraDays) };
}

type Errors = Record<string, string>;

/** The draft as the API's body, and the fields that are not numbers (the server checks the rest). */
function tableOf(draft: TableDraft): { table: ShippingTableInput; errors: Errors } {
  const errors: Errors = {};
  const money = (key: string, text: string) => {
    const cents = parseReais(text);
    if (cents === null) errors[key] = "Informe um valor em reais, como 18,90.";
    return cents ?? 0;
  };
  const whole = (key: string, text: string, message: string) => {
    const value = parseWhole(text);
    if (value === null) errors[key] = message;
    return value ?? 0;
  };
  const table: ShippingTableInput = {
    regions: draft.regions.map((region, index) => {
      const rate = (method: ShippingMethod) =>
        region[method].offered
          ? {
              priceCents: money(`r${index}.${method}.price`, region[method].price),
              deliveryDays: whole(`r${index}.${method}.days`, region[method].days, "Informe o prazo em dias (pelo menos 1)."),
            }
          : null;
      return { region: region.region, cepFrom: region.cepFrom, cepTo: region.cepTo, pac: rate("pac"), sedex: rate("sedex") };
    }),
    weightBands: {
      pac: draft.bands.pac.map((band, index) => bandOf("pac", band, index)),
      sedex: draft.bands.sedex.map((band, index) => bandOf("sedex", band, index)),
    },
  };
  function bandOf(method: ShippingMethod, band: BandDraft, index: number) {
    return {
      maxWeightGrams: whole(`b.${method}.${index}.max`, band.maxWeight, "Informe o peso máximo em gramas."),
      surchargeCents: money(`b.${method}.${index}.surcharge`, band.surcharge),
      extraDays: whole(`b.${method}.${index}.days`, band.extraDays, "Informe os dias a mais (0 ou mais)."),
    };
  }
  return { table, errors };
}

/** `/customizar-produto?frete`: PAC and SEDEX price and days per CEP region and weight band, and a quote to check them. */
export function ShippingEditor({ table: loaded }: { table: ShippingTableView }) {
  const revalidator = useRevalidator();
  const [draft, setDraft] = useState(() => draftOf(loaded));
  const [errors, setErrors] = useState<Errors>({});
  const [message, setMessage] = useState<{ kind: "error" | "success"; text: string } | null>(null);
  const [saving, setSaving] = useState(false);

  const setRegion = (index: number, change: Partial<RegionDraft>) =>
    setDraft((current) => ({ ...current, regions: current.regions.map((region, i) => (i === index ? { ...region, ...change } : region)) }));
  const setBands = (method: ShippingMethod, bands: BandDraft[]) =>
    setDraft((current) => ({ ...current, bands: { ...current.bands, [method]: bands } }));

  async function save(event: React.FormEvent) {
    event.preventDefault();
    setMessage(null);
    const { table, errors: found } = tableOf(draft);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setMessage({ kind: "error", text: "Confira os campos marcados antes de salvar." });
      return;
    }
    setSaving(true);
    try {
      const saved = await adminProductsApi.saveShippingTable(table);
      setDraft(draftOf(saved));
      setMessage({ kind: "success", text: "Tabela de frete salva. As próximas cotações já usam os novos valores." });
      void revalidator.revalidate();
    } catch (error) {
      setMessage({ kind: "error", text: error instanceof ApiCallError ? error.message : "Não foi possível salvar. Tente novamente." });
    } finally {
      setSaving(false);
    }
  }

  return (
    <div className="space-y-6">
      <Link to="?" className={`inline-flex items-center gap-1 rounded text-sm font-semibold text-emerald-900 underline ${focusRing}`}>
        <ArrowLeft aria-hidden="true" className="size-4" />
        Todos os produtos
      </Link>
      <h1 className="text-2xl font-bold text-stone-950">Tabela de frete</h1>
      <p className="text-stone-700">
        O frete de um pedido é o preço da região do CEP mais o acréscimo da faixa de peso do pacote; o prazo soma os dias das duas.
      </p>
      <form onSubmit={(event) => void save(event)} noValidate className="space-y-8" aria-label="Editar tabela de frete">
        <section aria-labelledby="regioes-titulo" className="space-y-3">
          <h2 id="regioes-titulo" className="text-lg font-bold text-stone-950">
            Regiões por CEP
          </h2>
          {draft.regions.length === 0 ? <p className="text-stone-700">Nenhuma região cadastrada.</p> : null}
          <ul className="space-y-3">
            {draft.regions.map((region, index) => (
              <li key={index} className="space-y-3 rounded-2xl border border-stone-200 bg-white p-4">
                <h3 className="font-bold text-stone-950">{region.region || `Região ${index + 1}`}</h3>
                <div className="grid gap-3 sm:grid-cols-3">
                  <Field
                    label="Nome da região"
                    value={region.region}
                    onChange={(event) => setRegion(index, { region: event.target.value })}
                  />
                  <Field
                    label={`CEP inicial (${region.region})`}
                    inputMode="numeric"
                    value={region.cepFrom}
                    onChange={(event) => setRegion(index, { cepFrom: event.target.value })}
                  />
                  <Field
                    label={`CEP final (${region.region})`}
                    inputMode="numeric"
                    value={region.cepTo}
                    onChange={(event) => setRegion(index, { cepTo: event.target.value })}
                  />
                </div>
                <div className="grid gap-3 sm:grid-cols-2">
                  {SHIPPING_METHODS.map((method) => (
                    <RateFields
                      key={method}
                      regionName={region.region}
                      method={method}
                      rate={region[method]}
                      errors={errors}
                      errorKey={`r${index}.${method}`}
                      onChange={(rate) => setRegion(index, { [method]: rate })}
                    />
                  ))}
                </div>
              </li>
            ))}
          </ul>
        </section>
        {SHIPPING_METHODS.map((method) => (
          <BandsFields
            key={method}
            method={method}
            bands={draft.bands[method]}
            errors={errors}
            onChange={(bands) => setBands(method, bands)}
          />
        ))}
        <div className="sticky bottom-0 -mx-4 space-y-3 border-t border-stone-200 bg-stone-50/95 px-4 py-3 sm:static sm:mx-0 sm:border-0 sm:bg-transparent sm:p-0">
          <div aria-live="polite">{message ? <FormMessage kind={message.kind}>{message.text}</FormMessage> : null}</div>
          <button type="submit" disabled={saving} className={buttonClass("primary", "w-full py-3 text-base sm:w-auto")}>
            {saving ? "Salvando…" : "Salvar tabela de frete"}
          </button>
        </div>
      </form>
      <QuoteCheck />
    </div>
  );
}

function RateFields(props: {
  regionName: string;
  method: ShippingMethod;
  rate: RateDraft;
  errors: Errors;
  errorKey: string;
  onChange: (rate: RateDraft) => void;
}) {
  const { method, rate, errors, errorKey, onChange, regionName } = props;
  const label = SHIPPING_METHOD_LABELS[method];
  const checkboxId = useId();
  return (
    <fieldset className="space-y-2 rounded-lg border border-stone-200 p-3">
      <legend className="px-1 text-sm font-semibold text-stone-900">
        {label} · {regionName}
      </legend>
      <div className="flex items-center gap-2">
        <input
          id={checkboxId}
          type="checkbox"
          checked={rate.offered}
          onChange={(event) => onChange({ ...rate, offered: event.target.checked })}
          className={`size-6 shrink-0 accent-emerald-800 ${focusRing}`}
        />
        <label htmlFor={checkboxId} className="text-sm text-stone-900">
          Oferecer {label} nesta região
        </label>
      </div>
      {rate.offered ? (
        <div className="grid grid-cols-2 gap-2">
          <Field
            label={`Preço ${label} (R$)`}
            inputMode="decimal"
            value={rate.price}
            onChange={(event) => onChange({ ...rate, price: event.target.value })}
            error={errors[`${errorKey}.price`]}
          />
          <Field
            label={`Prazo ${label} (dias)`}
            inputMode="numeric"
            value={rate.days}
            onChange={(event) => onChange({ ...rate, days: event.target.value })}
            error={errors[`${errorKey}.days`]}
          />
        </div>
      ) : null}
    </fieldset>
  );
}

function BandsFields({
  method,
  bands,
  errors,
  onChange,
}: {
  method: ShippingMethod;
  bands: BandDraft[];
  errors: Errors;
  onChange: (bands: BandDraft[]) => void;
}) {
  const label = SHIPPING_METHOD_LABELS[method];
  const titleId = useId();
  const replace = (index: number, change: Partial<BandDraft>) =>
    onChange(bands.map((band, i) => (i === index ? { ...band, ...change } : band)));
  return (
    <section aria-labelledby={titleId} className="space-y-3">
      <h2 id={titleId} className="text-lg font-bold text-stone-950">
        Faixas de peso do {label}
      </h2>
      <p className="text-sm text-stone-700">
        Cada faixa vale do peso máximo da anterior até o seu; um pacote mais pesado que a última não usa o {label}.
      </p>
      <ul className="space-y-3">
        {bands.map((band, index) => (
          <li
            key={index}
            className="grid grid-cols-2 gap-2 rounded-lg border border-stone-200 bg-white p-3 sm:grid-cols-[1fr_1fr_1fr_auto] sm:items-end"
          >
            <Field
              label={`Até (g), faixa ${index + 1} do ${label}`}
              inputMode="numeric"
              value={band.maxWeight}
              onChange={(event) => replace(index, { maxWeight: event.target.value })}
              error={errors[`b.${method}.${index}.max`]}
            />
            <Field
              label={`Acréscimo (R$), faixa ${index + 1} do ${label}`}
              inputMode="decimal"
              value={band.surcharge}
              onChange={(event) => replace(index, { surcharge: event.target.value })}
              error={errors[`b.${method}.${index}.surcharge`]}
            />
            <Field
              label={`Dias a mais, faixa ${index + 1} do ${label}`}
              inputMode="numeric"
              value={band.extraDays}
              onChange={(event) => replace(index, { extraDays: event.target.value })}
              error={errors[`b.${method}.${index}.days`]}
            />
            <button
              type="button"
              onClick={() => onChange(bands.filter((_, i) => i !== index))}
              disabled={bands.length === 1}
              className={buttonClass("ghost", "justify-self-start")}
              aria-label={`Remover a faixa ${index + 1} do ${label}`}
            >
              <Trash2 aria-hidden="true" className="size-4" />
            </button>
          </li>
        ))}
      </ul>
      <button
        type="button"
        onClick={() =>
          onChange([...bands, { maxWeight: "", surcharge: bands.at(-1)?.surcharge ?? "0,00", extraDays: bands.at(-1)?.extraDays ?? "0" }])
        }
        className={buttonClass("secondary")}
      >
        <Plus aria-hidden="true" className="size-4" />
        Faixa de peso do {label}
      </button>
    </section>
  );
}

/** Asks the shop's own quote (the one the cart and checkout use) for a CEP, to see the saved table at work. */
function QuoteCheck() {
  const [cep, setCep] = useState("");
  const [quote, setQuote] = useState<ShippingQuote | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  async function ask(event: React.FormEvent) {
    event.preventDefault();
    setPending(true);
    setError(null);
    try {
      setQuote(await adminProductsApi.quoteShipping(cep));
    } catch (failure) {
      setQuote(null);
      setError(failure instanceof ApiCallError ? failure.message : "Não foi possível cotar o frete.");
    } finally {
      setPending(false);
    }
  }
  return (
    <section aria-labelledby="cotacao-titulo" className="space-y-3 rounded-2xl border border-stone-200 bg-white p-4">
      <h2 id="cotacao-titulo" className="text-lg font-bold text-stone-950">
        Conferir uma cotação
      </h2>
      <form onSubmit={(event) => void ask(event)} className="flex flex-wrap items-end gap-2" aria-label="Conferir cotação de frete">
        <Field
          label="CEP a cotar"
          inputMode="numeric"
          autoComplete="off"
          value={cep}
          onChange={(event) => setCep(event.target.value)}
          className="w-40"
        />
        <button type="submit" disabled={pending} className={buttonClass("secondary")}>
          Cotar
        </button>
      </form>
      <div aria-live="polite">
        {error ? <FormMessage kind="error">{error}</FormMessage> : null}
        {quote ? (
          <ul className="space-y-1" aria-label={`Cotação para ${quote.cep}`}>
            {quote.options.map((option) => (
              <li key={option.method} className="text-stone-900">
                <span className="font-semibold">{option.label}</span>: {formatBRL(option.priceCents)}, {option.deliveryDays}{" "}
                {option.deliveryDays === 1 ? "dia útil" : "dias úteis"} ({quote.region})
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </section>
  );
}
