import { ShieldCheck } from "lucide-react";
import type { ProductPageData } from "#domain/catalog/catalog-types.ts";
import { KeyPoints, ProductDetails } from "#app/features/catalog/product-details.tsx";
import { PRODUCT_TEXTS_CLASS } from "#app/features/catalog/product-details-box.ts";

const NOTICE = "Venda exclusiva para maiores de 18 anos. Produto destinado somente a pesquisa, estudo e coleção.";

/** The product's description, highlights, details and the 18+ notice: text that never changes on the page. */
export function ProductTexts({ product }: { product: ProductPageData }) {
  return (
    <div className={PRODUCT_TEXTS_CLASS}>
      <section aria-labelledby="descricao">
        <h2 id="descricao" className="text-xl font-bold text-stone-950">
          Descrição
        </h2>
        <p className="mt-3 leading-relaxed text-stone-800">{product.description}</p>
      </section>
      <section aria-labelledby="destaques">
        <h2 id="destaques" className="text-xl font-bold text-stone-950">
          Destaques
        </h2>
        <div className="mt-3">
          <KeyPoints points={product.keyPoints} />
        </div>
      </section>
      <section aria-labelledby="detalhes">
        <h2 id="detalhes" className="text-xl font-bold text-stone-950">
          Detalhes
        </h2>
        <div className="mt-3">
          <ProductDetails details={product.details} />
        </div>
      </section>
      <p className="flex items-start gap-3 rounded-xl border border-emerald-200 bg-emerald-50/60 p-4 text-sm text-stone-800">
        <ShieldCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-emerald-800" />
        {NOTICE}
      </p>
    </div>
  );
}
