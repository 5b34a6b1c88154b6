import { ShieldCheck } from "lucide-react";
import type { ProductPageData } from "#domain/catalog/catalog-types.ts";
import { KeyPoints, ProductDetails } from "#app/features/catalog/product-details.tsx";
import { PRODUCT_TEXTS_CLASS } from "#app/features/catalog/product-details-box.ts";

const NOTICE = "Venda exclusiva para maiores de 18 anos. Produto destinado somente a pesquisa, estudo e coleção.";

/** The product's description, highlights, details and the 18+ notice: text that never changes on the page. */
export function ProductTexts({ product }: { product: ProductPageData }) {
  return (
    <div className={PRODUCT_TEXTS_CLASS}>
      <TextSection id="descricao" title="Descrição">
        <p className="leading-relaxed text-stone-800">{product.description}</p>
      </TextSection>
      <TextSection id="destaques" title="Destaques">
        <KeyPoints points={product.keyPoints} />
      </TextSection>
      <TextSection id="detalhes" title="Detalhes">
        <ProductDetails details={product.details} />
      </TextSection>
      <p className="flex items-start gap-3 rounded-xl border border-emerald-200 bg-emerald-50/60 p-4 text-sm text-stone-800">
        <ShieldCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-emerald-800" />
        {NOTICE}
      </p>
    </div>
  );
}

function TextSection({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="text-xl font-bold text-stone-950">
        {title}
      </h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}
