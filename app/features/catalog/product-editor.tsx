import { ArrowLeft, Copy, Plus, Trash2 } from "lucide-react";
import { useId, useState } from "react";
import { Link, useNavigate, useRevalidator } from "react-router";
import { PRICE_TABLE_GRAMS } from "#domain/pricing/gram-pricing.ts";
import { DETAIL_ICON_LABELS } from "#app/features/catalog/product-edit-labels.ts";
import type { DetailIcon } from "#domain/catalog/catalog-types.ts";
import {
  type EditableProduct,
  KIND_LABELS,
  PRODUCT_VISIBILITIES,
  type ProductVisibility,
  VISIBILITY_LABELS,
} from "#domain/catalog/product-edit-schemas.ts";
import { ApiCallError } from "#app/lib/fetch-json.ts";
import { buttonClass, focusRing } from "#app/ui/button-styles.ts";
import { Field, FormMessage } from "#app/ui/field.tsx";
import { adminProductsApi } from "#app/features/catalog/admin-products-api.ts";
import {
  type DetailDraft,
  draftErrors,
  draftOf,
  hasErrors,
  patchOf,
  type ProductDraft,
  SIZE_FIELDS,
} from "#app/features/catalog/product-draft.ts";
import { ProductPreview } from "#app/features/catalog/product-preview.tsx";

const inputClass = `mt-1 block w-full rounded-lg border border-stone-300 bg-white px-3 py-2.5 text-base text-stone-900 ${focusRing}`;

type Message = { kind: "error" | "success"; text: string; stale?: boolean };

/** `/customizar-produto?produto=ID`: every field of one product, a live preview, and saving with the version it was opened on. */
export function ProductEditor({ product: loaded }: { product: EditableProduct }) {
  const revalidator = useRevalidator();
  const [original, setOriginal] = useState(loaded);
  const [draft, setDraft] = useState<ProductDraft>(() => draftOf(loaded));
  const [message, setMessage] = useState<Message | null>(null);
  const [saving, setSaving] = useState(false);
  const [showErrors, setShowErrors] = useState(false);
  // The loader read a newer version (after a reload): start from it.
  if (loaded.version !== original.version && !saving) {
    setOriginal(loaded);
    setDraft(draftOf(loaded));
  }
  const errors = draftErrors(draft, original.unitType);
  const visible = showErrors ? errors : { table: errors.table, tableCells: errors.tableCells };
  const set = <K extends keyof ProductDraft>(name: K, value: ProductDraft[K]) => setDraft((current) => ({ ...current, [name]: value }));

  async function save(event: React.FormEvent) {
    event.preventDefault();
    setShowErrors(true);
    setMessage(null);
    if (hasErrors(errors)) {
      setMessage({ kind: "error", text: "Confira os campos marcados antes de salvar." });
      return;
    }
    const patch = patchOf(original, draft);
    if (Object.keys(patch).length === 1) {
      setMessage({ kind: "success", text: "Nada mudou: não há o que salvar." });
      return;
    }
    setSaving(true);
    try {
      const saved = await adminProductsApi.updateProduct(original.uuid, patch);
      setOriginal(saved);
      setDraft(draftOf(saved));
      setShowErrors(false);
      setMessage({ kind: "success", text: "Alterações salvas. Já valem na loja, no carrinho e no checkout." });
      void revalidator.revalidate();
    } catch (error) {
      const text = error instanceof ApiCallError ? error.message : "Não foi possível salvar. Tente novamente.";
      setMessage({ kind: "error", text, stale: error instanceof ApiCallError && error.code === "product_changed" });
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
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold break-words text-stone-950">Editar {original.name}</h1>
          <p className="text-sm text-stone-700">
            {KIND_LABELS[original.kind]} · <span className="break-all">{original.route}</span>
          </p>
        </div>
        <DuplicateButton product={original} />
      </div>
      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <form onSubmit={(event) => void save(event)} noValidate className="space-y-8" aria-label="Editar produto">
          <VisibilitySection draft={draft} set={set} errors={visible} />
          <TextsSection draft={draft} set={set} errors={visible} />
          <SaleSection draft={draft} set={set} errors={visible} unitType={original.unitType} />
          <PriceSection draft={draft} set={set} errors={visible} unitType={original.unitType} />
          {original.needsShipping ? <SizesSection draft={draft} set={set} errors={visible} /> : null}
          <div className="sticky bottom-0 -mx-4 space-y-3 border-t border-stone-200 bg-stone-50/95 px-4 py-3 sm:static sm:mx-0 sm:border-0 sm:bg-transparent sm:p-0">
            <div aria-live="polite">
              {message ? (
                <FormMessage kind={message.kind}>
                  {message.text}
                  {message.stale ? (
                    <button type="button" onClick={() => window.location.reload()} className={buttonClass("secondary", "mt-2 w-full")}>
                      Recarregar o produto
                    </button>
                  ) : null}
                </FormMessage>
              ) : null}
            </div>
            <button type="submit" disabled={saving} className={buttonClass("primary", "w-full py-3 text-base sm:w-auto")}>
              {saving ? "Salvando…" : "Salvar alterações"}
            </button>
          </div>
        </form>
        <ProductPreview product={original} draft={draft} />
      </div>
    </div>
  );
}

/** "Duplicar": a hidden copy with every text, price, size and photo, opened in its own editor. */
function DuplicateButton({ product }: { product: EditableProduct }) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function duplicate() {
    setBusy(true);
    setError(null);
    try {
      const copy = await adminProductsApi.duplicateProduct(product.uuid);
      void navigate(`?produto=${copy.id}&criado=copia`);
    } catch (caught) {
      setError(caught instanceof ApiCallError ? caught.message : "Não foi possível duplicar. Tente novamente.");
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className="space-y-2">
      <button type="button" disabled={busy} onClick={() => void duplicate()} className={buttonClass("secondary")}>
        <Copy aria-hidden="true" className="size-4" />
        {busy ? "Duplicando…" : "Duplicar produto"}
      </button>
      <div aria-live="polite">{error ? <FormMessage kind="error">{error}</FormMessage> : null}</div>
    </div>
  );
}

const VISIBILITY_HINTS: Record<ProductVisibility, string> = {
  listed: "Aparece na loja, na busca e no mapa do site, e pode ser comprado.",
  hidden: "Fora da loja: o link do produto responde “página não encontrada” e ninguém compra. Use enquanto prepara fotos e textos.",
  retired: "Não é mais vendido: sai da loja e da busca e vai para o fim desta lista. Os pedidos feitos mantêm seus itens.",
};

function VisibilitySection({ draft, set }: SectionProps) {
  const id = useId();
  return (
    <Section title="Na loja">
      <div>
        <label htmlFor={id} className="block text-sm font-medium text-stone-900">
          Visibilidade
        </label>
        <select
          id={id}
          value={draft.visibility}
          onChange={(event) => set("visibility", event.target.value as ProductVisibility)}
          aria-describedby={`${id}-dica`}
          className={inputClass}
        >
          {PRODUCT_VISIBILITIES.map((visibility) => (
            <option key={visibility} value={visibility}>
              {VISIBILITY_LABELS[visibility]}
            </option>
          ))}
        </select>
        <p id={`${id}-dica`} className="mt-1 text-xs text-stone-600">
          {VISIBILITY_HINTS[draft.visibility]}
        </p>
      </div>
    </Section>
  );
}

function SizesSection({ draft, set, errors }: SectionProps) {
  return (
    <Section title="Peso e medidas da embalagem">
      <p className="text-sm text-stone-700">Em branco, o frete usa a estimativa da categoria.</p>
      <div className="grid grid-cols-2 gap-3">
        {SIZE_FIELDS.map((field) => (
          <Field
            key={field.name}
            label={field.label}
            inputMode="numeric"
            value={draft[field.name]}
            onChange={(event) => set(field.name, event.target.value)}
            error={errors[field.name]}
          />
        ))}
      </div>
    </Section>
  );
}

type SectionProps = {
  draft: ProductDraft;
  set: <K extends keyof ProductDraft>(name: K, value: ProductDraft[K]) => void;
  errors: ReturnType<typeof draftErrors>;
};

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="space-y-4 rounded-2xl border border-stone-200 bg-white p-4 sm:p-5">
      <h2 id={id} className="text-lg font-bold text-stone-950">
        {title}
      </h2>
      {children}
    </section>
  );
}

function TextArea({
  label,
  value,
  onChange,
  error,
  hint,
  rows = 4,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  hint?: string;
  rows?: number;
}) {
  const id = useId();
  const describedBy = [hint ? `${id}-dica` : null, error ? `${id}-erro` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-stone-900">
        {label}
      </label>
      <textarea
        id={id}
        rows={rows}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={inputClass}
      />
      {hint ? (
        <p id={`${id}-dica`} className="mt-1 text-xs text-stone-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-erro`} className="mt-1 text-sm text-red-800">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function TextsSection({ draft, set, errors }: SectionProps) {
  return (
    <Section title="Textos">
      <Field label="Nome" value={draft.name} onChange={(event) => set("name", event.target.value)} error={errors.name} maxLength={120} />
      <Field label="Subtítulo" value={draft.subtitle} onChange={(event) => set("subtitle", event.target.value)} maxLength={200} />
      <TextArea
        label="Descrição"
        value={draft.description}
        onChange={(value) => set("description", value)}
        error={errors.description}
        rows={6}
      />
      <TextArea label="Pontos-chave" hint="Um por linha (até 12)." value={draft.keyPoints} onChange={(value) => set("keyPoints", value)} />
      <DetailsEditor details={draft.details} onChange={(details) => set("details", details)} />
      <Field
        label="Selo"
        hint="Aparece no cartão do produto, como “Mais vendido”. Deixe em branco para nenhum."
        value={draft.badge}
        onChange={(event) => set("badge", event.target.value)}
        maxLength={40}
      />
      <TextArea
        label="Instruções de acesso"
        hint="Enviadas a quem compra, no e-mail do pagamento confirmado e no painel do pedido: como acessar o curso ou o workshop, como agendar o serviço. Em branco: nada a informar."
        value={draft.accessInstructions}
        onChange={(value) => set("accessInstructions", value)}
        error={errors.accessInstructions}
      />
    </Section>
  );
}

function DetailsEditor({ details, onChange }: { details: DetailDraft[]; onChange: (details: DetailDraft[]) => void }) {
  const replace = (index: number, detail: DetailDraft) => onChange(details.map((current, i) => (i === index ? detail : current)));
  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-medium text-stone-900">Detalhes</legend>
      {details.length === 0 ? <p className="text-sm text-stone-700">Nenhum detalhe.</p> : null}
      {details.map((detail, index) => (
        <div key={index} className="grid gap-2 rounded-lg border border-stone-200 p-3 sm:grid-cols-[10rem_minmax(0,1fr)_auto] sm:items-end">
          {detail.kind === "icon" ? (
            <>
              <label className="block text-sm text-stone-900">
                Ícone do detalhe {index + 1}
                <select
                  value={detail.icon}
                  onChange={(event) => replace(index, { ...detail, icon: event.target.value as DetailIcon })}
                  className={inputClass}
                >
                  {Object.entries(DETAIL_ICON_LABELS).map(([icon, label]) => (
                    <option key={icon} value={icon}>
                      {label}
                    </option>
                  ))}
                </select>
              </label>
              <Field
                label={`Texto do detalhe ${index + 1}`}
                value={detail.text}
                onChange={(event) => replace(index, { ...detail, text: event.target.value })}
              />
            </>
          ) : (
            <>
              <Field
                label={`Rótulo do detalhe ${index + 1}`}
                value={detail.label}
                onChange={(event) => replace(index, { ...detail, label: event.target.value })}
              />
              <Field
                label={`Valor do detalhe ${index + 1}`}
                value={detail.value}
                onChange={(event) => replace(index, { ...detail, value: event.target.value })}
              />
            </>
          )}
          <button
            type="button"
            onClick={() => onChange(details.filter((_, i) => i !== index))}
            className={buttonClass("ghost", "justify-self-start")}
            aria-label={`Remover o detalhe ${index + 1}`}
          >
            <Trash2 aria-hidden="true" className="size-4" />
          </button>
        </div>
      ))}
      {details.length < 12 ? (
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            onClick={() => onChange([...details, { kind: "icon", icon: "package", text: "" }])}
            className={buttonClass("secondary")}
          >
            <Plus aria-hidden="true" className="size-4" />
            Detalhe com ícone
          </button>
          <button
            type="button"
            onClick={() => onChange([...details, { kind: "label", label: "", value: "" }])}
            className={buttonClass("secondary")}
          >
            <Plus aria-hidden="true" className="size-4" />
            Detalhe com rótulo e valor
          </button>
        </div>
      ) : null}
    </fieldset>
  );
}

function Checkbox({
  label,
  checked,
  onChange,
  hint,
}: {
  label: string;
  checked: boolean;
  onChange: (value: boolean) => void;
  hint?: string;
}) {
  const id = useId();
  return (
    <div className="flex items-start gap-3">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        aria-describedby={hint ? `${id}-dica` : undefined}
        className={`size-6 shrink-0 accent-emerald-800 ${focusRing}`}
      />
      <div>
        <label htmlFor={id} className="font-medium text-stone-900">
          {label}
        </label>
        {hint ? (
          <p id={`${id}-dica`} className="text-xs text-stone-600">
            {hint}
          </p>
        ) : null}
      </div>
    </div>
  );
}

function SaleSection({ draft, set, errors, unitType }: SectionProps & { unitType: "gram" | "unit" }) {
  return (
    <Section title="Venda">
      {draft.visibility === "listed" ? (
        <Checkbox
          label="Pode ser comprado"
          checked={draft.purchasable}
          onChange={(value) => set("purchasable", value)}
          hint="Desmarcado, o produto aparece na loja como indisponível."
        />
      ) : null}
      <Checkbox
        label="Mostrar a avaliação da loja anterior"
        checked={draft.importedRatingShown}
        onChange={(value) => set("importedRatingShown", value)}
        hint="Aparece à parte, com o rótulo “da loja anterior”, nunca somada às avaliações verificadas desta loja."
      />
      <Checkbox
        label="Feito sob encomenda"
        checked={draft.madeToOrder}
        onChange={(value) => set("madeToOrder", value)}
        hint="Sem limite de estoque; a página mostra o prazo de produção."
      />
      {draft.madeToOrder ? (
        <Field
          label="Prazo de produção (dias úteis)"
          inputMode="numeric"
          value={draft.leadTime}
          onChange={(event) => set("leadTime", event.target.value)}
          error={errors.leadTime}
        />
      ) : (
        <Field
          label={`Estoque (${unitType === "gram" ? "gramas" : "unidades"})`}
          hint="Deixe em branco para sem limite."
          inputMode="numeric"
          value={draft.stock}
          onChange={(event) => set("stock", event.target.value)}
          error={errors.stock}
        />
      )}
    </Section>
  );
}

function PriceSection({ draft, set, errors, unitType }: SectionProps & { unitType: "gram" | "unit" }) {
  const tableErrorId = useId();
  if (unitType === "unit") {
    return (
      <Section title="Preço">
        <Field
          label="Preço unitário (R$)"
          inputMode="decimal"
          value={draft.price}
          onChange={(event) => set("price", event.target.value)}
          error={errors.price}
          hint="Por exemplo 89,90."
        />
      </Section>
    );
  }
  return (
    <Section title="Tabela de preços por grama">
      <Checkbox
        label="Usar a tabela padrão da loja"
        checked={draft.specTable}
        onChange={(value) => set("specTable", value)}
        hint="A tabela da especificação: 2 g por R$ 40,00 até 100 g por R$ 900,00."
      />
      <fieldset aria-describedby={errors.table ? tableErrorId : undefined} disabled={draft.specTable} className="space-y-2">
        <legend className="text-sm text-stone-800">
          Total de cada quantidade, em reais. Entre elas, o preço segue os descontos da tabela e nunca passa da quantidade maior seguinte;
          acima de 100 g, cobra-se o preço por grama de 100 g.
        </legend>
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-5">
          {PRICE_TABLE_GRAMS.map((grams, index) => (
            <Field
              key={grams}
              label={`${grams} g`}
              inputMode="decimal"
              value={draft.table[index] ?? ""}
              onChange={(event) =>
                set(
                  "table",
                  draft.table.map((cell, i) => (i === index ? event.target.value : cell)),
                )
              }
              error={errors.tableCells?.[index]}
            />
          ))}
        </div>
      </fieldset>
      {errors.table ? (
        <p id={tableErrorId} role="alert" className="text-sm text-red-800">
          {errors.table}
        </p>
      ) : null}
    </Section>
  );
}
