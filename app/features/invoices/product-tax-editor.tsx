import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { buttonClass, focusRing } from "#app/ui/button-styles.ts";
import { Field, FormMessage } from "#app/ui/field.tsx";
import { ICMS_ORIGINS, type ProductTaxView } from "#domain/invoices/product-tax-schemas.ts";
import { invoicesApi } from "#app/features/invoices/invoices-api.ts";

type Draft = { ncm: string; cfop: string; origin: number; icmsCode: string; serviceCode: string };

const draftOf = (view: ProductTaxView): Draft => ({
  ncm: view.ncm ?? "",
  cfop: view.cfop ?? "",
  origin: view.origin,
  icmsCode: view.icmsCode ?? "",
  serviceCode: view.serviceCode ?? "",
});

/**
 * The product editor's "Dados fiscais" (issue 30 item 3): what the accountant gave for this product.
 * Goods need NCM, CFOP, origin and CSOSN/CST for their NF-e; services and courses the NFS-e's
 * service code. No value is guessed: what is missing is listed, and the next note waits for it.
 */
export function ProductTaxEditor({ productId }: { productId: string }) {
  const headingId = useId();
  const tax = useQuery({
    queryKey: ["admin", "product-tax", productId],
    queryFn: () => invoicesApi.call("adminProductTax", { params: { id: productId } }),
  });
  return (
    <section aria-labelledby={headingId} className="space-y-4 rounded-2xl border border-stone-200 bg-white p-4 sm:p-5">
      <h2 id={headingId} className="text-lg font-bold text-stone-950">
        Dados fiscais
      </h2>
      {tax.isPending ? (
        <p className="text-sm text-stone-700" aria-busy="true">
          Carregando os dados fiscais…
        </p>
      ) : tax.isError ? (
        <p role="alert" className="text-sm text-red-800">
          Não foi possível carregar os dados fiscais. {tax.error.message}
        </p>
      ) : (
        <TaxForm key={tax.data.productId} view={tax.data} />
      )}
    </section>
  );
}

function TaxForm({ view }: { view: ProductTaxView }) {
  const queryClient = useQueryClient();
  const originId = useId();
  const [draft, setDraft] = useState<Draft>(() => draftOf(view));
  const save = useMutation({
    mutationFn: () => invoicesApi.call("adminSaveProductTax", { params: { id: view.productId }, body: draft }),
    onSuccess: (saved) => queryClient.setQueryData(["admin", "product-tax", view.productId], saved),
  });
  const set = (field: keyof Draft) => (event: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
    setDraft({ ...draft, [field]: field === "origin" ? Number(event.target.value) : event.target.value });
  return (
    <form
      className="space-y-3"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate();
      }}
    >
      <p className="text-sm text-stone-700">
        {view.needsShipping
          ? "Este produto é enviado: vai na NF-e. Peça ao contador o NCM, o CFOP de venda dentro do estado (ex.: 5102; para outro estado a loja usa 6102) e o CSOSN (Simples Nacional) ou CST."
          : "Este produto não é enviado (serviço, curso ou e-book): vai na NFS-e Nacional. Peça ao contador o código de tributação nacional (6 dígitos)."}
      </p>
      {view.missing.length > 0 ? (
        <FormMessage kind="info">Falta para emitir a nota: {view.missing.join(", ")}.</FormMessage>
      ) : (
        <FormMessage kind="success">Pronto para a nota fiscal.</FormMessage>
      )}
      {view.needsShipping ? (
        <div className="grid gap-3 sm:grid-cols-2">
          <Field
            label="NCM"
            inputMode="numeric"
            autoComplete="off"
            value={draft.ncm}
            onChange={set("ncm")}
            hint="8 dígitos, ex.: 0712.39.00"
          />
          <Field
            label="CFOP"
            inputMode="numeric"
            autoComplete="off"
            value={draft.cfop}
            onChange={set("cfop")}
            hint="4 dígitos, ex.: 5102"
          />
          <div>
            <label htmlFor={originId} className="block text-sm font-medium text-stone-900">
              Origem
            </label>
            <select
              id={originId}
              value={draft.origin}
              onChange={set("origin")}
              className={`mt-1 block w-full rounded-lg border border-stone-300 bg-white px-3 py-2.5 text-base text-stone-900 ${focusRing}`}
            >
              {ICMS_ORIGINS.map((origin) => (
                <option key={origin.value} value={origin.value}>
                  {origin.label}
                </option>
              ))}
            </select>
          </div>
          <Field
            label="CSOSN ou CST do ICMS"
            inputMode="numeric"
            autoComplete="off"
            value={draft.icmsCode}
            onChange={set("icmsCode")}
            hint="CSOSN: 3 dígitos, ex.: 102 · CST: 2 dígitos"
          />
        </div>
      ) : (
        <Field
          label="Código de tributação nacional (NFS-e)"
          inputMode="numeric"
          autoComplete="off"
          value={draft.serviceCode}
          onChange={set("serviceCode")}
          hint="6 dígitos, ex.: 080201 (ensino)"
        />
      )}
      {save.isError ? <FormMessage kind="error">{save.error.message}</FormMessage> : null}
      {save.isSuccess ? <FormMessage kind="success">Dados fiscais salvos. As próximas notas já os usam.</FormMessage> : null}
      <button type="submit" className={buttonClass("primary")} disabled={save.isPending}>
        {save.isPending ? "Salvando…" : "Salvar dados fiscais"}
      </button>
    </form>
  );
}
