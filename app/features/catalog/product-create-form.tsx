import { ArrowLeft } from "lucide-react";
import { useId, useState } from "react";
import { Link, useNavigate } from "react-router";
import { CATEGORIES } from "#domain/catalog/categories.ts";
import { KIND_LABELS, PRODUCT_KINDS, type ProductKind } from "#domain/catalog/product-edit-schemas.ts";
import { slugFromName, slugProblem, type ProductCreateInput } from "#domain/catalog/product-create-schemas.ts";
import { ApiCallError } from "#app/lib/fetch-json.ts";
import { buttonClass, focusRing } from "#app/ui/button-styles.ts";
import { Field, FormMessage } from "#app/ui/field.tsx";
import { adminProductsApi } from "#app/features/catalog/admin-products-api.ts";
import { parseReais, parseWhole } from "#app/features/catalog/money-input.ts";
import { SIZE_FIELDS, sizeErrors, sizeValue } from "#app/features/catalog/product-draft.ts";

const inputClass = `mt-1 block w-full rounded-lg border border-stone-300 bg-white px-3 py-2.5 text-base text-stone-900 ${focusRing}`;

type CategoryId = ProductCreateInput["category"];
type Draft = {
  category: CategoryId;
  kind: ProductKind;
  name: string;
  slug: string;
  subtitle: string;
  description: string;
  price: string;
  stock: string;
  leadTime: string;
  badge: string;
  accessInstructions: string;
  weight: string;
  length: string;
  width: string;
  height: string;
};

const EMPTY: Draft = {
  category: "culturas",
  kind: "unit",
  name: "",
  slug: "",
  subtitle: "",
  description: "",
  price: "",
  stock: "",
  leadTime: "",
  badge: "",
  accessInstructions: "",
  weight: "",
  length: "",
  width: "",
  height: "",
};

const ships = (kind: ProductKind) => kind === "gram" || kind === "unit" || kind === "made_to_order";
const hasStock = (kind: ProductKind) => kind === "gram" || kind === "unit";

/** What is wrong before sending, in the server's words (it checks everything again). */
function errorsOf(draft: Draft): Partial<Record<keyof Draft, string>> {
  const errors: Partial<Record<keyof Draft, string>> = ships(draft.kind) ? sizeErrors(draft) : {};
  if (!draft.name.trim()) errors.name = "Informe o nome.";
  if (!draft.description.trim()) errors.description = "Informe a descrição.";
  const slug = draft.slug.trim() || slugFromName(draft.name);
  const slugIssue = draft.name.trim() || draft.slug.trim() ? slugProblem(slug) : null;
  if (slugIssue) errors.slug = slugIssue;
  if (draft.kind !== "gram") {
    const cents = parseReais(draft.price);
    if (cents === null || cents <= 0) errors.price = "Informe um preço em reais maior que zero, como 89,90.";
  }
  if (hasStock(draft.kind) && draft.stock.trim() !== "" && parseWhole(draft.stock) === null) {
    errors.stock = "Informe um número inteiro, ou deixe em branco para sem limite.";
  }
  if (draft.kind === "made_to_order" && !parseWhole(draft.leadTime)) errors.leadTime = "Informe o prazo de produção em dias úteis.";
  return errors;
}

function bodyOf(draft: Draft): ProductCreateInput {
  const shipped = ships(draft.kind);
  return {
    category: draft.category,
    kind: draft.kind,
    name: draft.name.trim(),
    slug: draft.slug.trim() || undefined,
    subtitle: draft.subtitle.trim(),
    description: draft.description.trim(),
    badge: draft.badge.trim() || null,
    accessInstructions: draft.accessInstructions.trim() || null,
    priceCents: draft.kind === "gram" ? null : parseReais(draft.price),
    stock: hasStock(draft.kind) && draft.stock.trim() !== "" ? parseWhole(draft.stock) : null,
    leadTimeBusinessDays: draft.kind === "made_to_order" ? parseWhole(draft.leadTime) : null,
    weightGrams: shipped ? sizeValue(draft.weight) : null,
    lengthCm: shipped ? sizeValue(draft.length) : null,
    widthCm: shipped ? sizeValue(draft.width) : null,
    heightCm: shipped ? sizeValue(draft.height) : null,
  };
}

/**
 * `/customizar-produto?novo`: a new product from the phone (issue 28 item 4, decision 061). It is
 * saved hidden and opens in the editor, where the photos, the file and "Visível na loja" follow.
 */
export function ProductCreateForm() {
  const navigate = useNavigate();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [showErrors, setShowErrors] = useState(false);
  const [saving, setSaving] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const ids = { category: useId(), kind: useId(), description: useId(), instructions: useId() };
  const errors = errorsOf(draft);
  const shown = showErrors ? errors : {};
  const set = <K extends keyof Draft>(name: K, value: Draft[K]) => setDraft((current) => ({ ...current, [name]: value }));

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setShowErrors(true);
    setMessage(null);
    if (Object.keys(errors).length > 0) {
      setMessage("Confira os campos marcados antes de criar.");
      return;
    }
    setSaving(true);
    try {
      const product = await adminProductsApi.createProduct(bodyOf(draft));
      void navigate(`?produto=${product.id}&criado=1`);
    } catch (error) {
      setMessage(error instanceof ApiCallError ? error.message : "Não foi possível criar o produto. Tente novamente.");
      setSaving(false);
    }
  }

  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <Link to="?" className={`inline-flex items-center gap-1 rounded text-sm font-semibold text-emerald-900 underline ${focusRing}`}>
        <ArrowLeft aria-hidden="true" className="size-4" />
        Todos os produtos
      </Link>
      <h1 className="text-2xl font-bold text-stone-950">Novo produto</h1>
      <p className="text-sm text-stone-700">
        O produto é criado oculto: depois você envia as fotos (e o PDF, se for digital) e escolhe “Visível na loja”.
      </p>
      <form onSubmit={(event) => void submit(event)} noValidate className="space-y-5" aria-label="Novo produto">
        <div>
          <label htmlFor={ids.category} className="block text-sm font-medium text-stone-900">
            Categoria
          </label>
          <select
            id={ids.category}
            value={draft.category}
            onChange={(event) => set("category", event.target.value as CategoryId)}
            className={inputClass}
          >
            {CATEGORIES.map((category) => (
              <option key={category.id} value={category.id}>
                {category.title}
              </option>
            ))}
          </select>
        </div>
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-stone-900">Como é vendido</legend>
          {PRODUCT_KINDS.map((kind) => (
            <label key={kind} className="flex items-center gap-3 rounded-lg border border-stone-200 bg-white px-3 py-2 text-stone-900">
              <input
                type="radio"
                name="kind"
                value={kind}
                checked={draft.kind === kind}
                onChange={() => set("kind", kind)}
                className={`size-5 accent-emerald-800 ${focusRing}`}
              />
              {KIND_LABELS[kind]}
            </label>
          ))}
        </fieldset>
        <Field label="Nome" value={draft.name} onChange={(event) => set("name", event.target.value)} error={shown.name} maxLength={120} />
        <Field
          label="Endereço da página (opcional)"
          hint={`Fica /produto/${draft.slug.trim() || slugFromName(draft.name) || "…"}. Em branco, é feito a partir do nome.`}
          value={draft.slug}
          onChange={(event) => set("slug", event.target.value)}
          error={shown.slug}
          autoCapitalize="none"
          maxLength={80}
        />
        <Field label="Subtítulo" value={draft.subtitle} onChange={(event) => set("subtitle", event.target.value)} maxLength={200} />
        <div>
          <label htmlFor={ids.description} className="block text-sm font-medium text-stone-900">
            Descrição
          </label>
          <textarea
            id={ids.description}
            rows={5}
            value={draft.description}
            onChange={(event) => set("description", event.target.value)}
            aria-invalid={shown.description ? true : undefined}
            aria-describedby={shown.description ? `${ids.description}-erro` : undefined}
            className={inputClass}
          />
          {shown.description ? (
            <p id={`${ids.description}-erro`} className="mt-1 text-sm text-red-800">
              {shown.description}
            </p>
          ) : null}
        </div>
        {draft.kind === "gram" ? (
          <p className="rounded-lg border border-stone-200 bg-white p-3 text-sm text-stone-800">
            Preço pela tabela padrão por grama (2 g por R$ 40,00 até 100 g por R$ 900,00); você pode mudar a tabela depois, no editor.
          </p>
        ) : (
          <Field
            label="Preço (R$)"
            inputMode="decimal"
            hint="Por exemplo 89,90."
            value={draft.price}
            onChange={(event) => set("price", event.target.value)}
            error={shown.price}
          />
        )}
        {hasStock(draft.kind) ? (
          <Field
            label={`Estoque (${draft.kind === "gram" ? "gramas" : "unidades"})`}
            hint="Deixe em branco para sem limite."
            inputMode="numeric"
            value={draft.stock}
            onChange={(event) => set("stock", event.target.value)}
            error={shown.stock}
          />
        ) : null}
        {draft.kind === "made_to_order" ? (
          <Field
            label="Prazo de produção (dias úteis)"
            inputMode="numeric"
            value={draft.leadTime}
            onChange={(event) => set("leadTime", event.target.value)}
            error={shown.leadTime}
          />
        ) : null}
        {ships(draft.kind) ? (
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium text-stone-900">Peso e medidas da embalagem (opcional)</legend>
            <div className="grid grid-cols-2 gap-3">
              {SIZE_FIELDS.map((field) => (
                <Field
                  key={field.name}
                  label={field.label}
                  inputMode="numeric"
                  value={draft[field.name]}
                  onChange={(event) => set(field.name, event.target.value)}
                  error={shown[field.name]}
                />
              ))}
            </div>
          </fieldset>
        ) : (
          <div>
            <label htmlFor={ids.instructions} className="block text-sm font-medium text-stone-900">
              Instruções de acesso
            </label>
            <textarea
              id={ids.instructions}
              rows={3}
              value={draft.accessInstructions}
              onChange={(event) => set("accessInstructions", event.target.value)}
              aria-describedby={`${ids.instructions}-dica`}
              className={inputClass}
            />
            <p id={`${ids.instructions}-dica`} className="mt-1 text-xs text-stone-600">
              Enviadas a quem compra depois do pagamento: como acessar, como agendar.
            </p>
          </div>
        )}
        <Field
          label="Selo"
          hint="Aparece no cartão do produto, como “Novo”. Em branco: nenhum."
          value={draft.badge}
          onChange={(event) => set("badge", event.target.value)}
          maxLength={40}
        />
        <div aria-live="polite">{message ? <FormMessage kind="error">{message}</FormMessage> : null}</div>
        <button type="submit" disabled={saving} className={buttonClass("primary", "w-full py-3 text-base sm:w-auto")}>
          {saving ? "Criando…" : "Criar produto"}
        </button>
      </form>
    </div>
  );
}
