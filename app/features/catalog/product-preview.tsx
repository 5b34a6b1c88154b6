import { gramsTotalCents, MIN_GRAMS } from "#domain/pricing/gram-pricing.ts";
import { formatBRL } from "#domain/pricing/money.ts";
import { type PricingSubject, quote } from "#domain/pricing/price-quote.ts";
import type { EditableProduct } from "#domain/catalog/product-edit-schemas.ts";
import { ProductCard } from "#app/features/catalog/product-card.tsx";
import { draftPricing, type ProductDraft } from "#app/features/catalog/product-draft.ts";

/** Quantities worth seeing: the table's steps, a quantity between two of them, and beyond 100 g. */
const GRAM_QUANTITIES = [2, 4, 10, 12, 20, 38, 50, 76, 100, 200];
const UNIT_QUANTITIES = [1, 2, 3, 5, 10];

/**
 * The product as the shop will show it once saved: its home card and its price at several
 * quantities, computed by the shop's one pricing module (price-quote.ts), as calculate-price will.
 */
export function ProductPreview({ product, draft }: { product: EditableProduct; draft: ProductDraft }) {
  const pricing = draftPricing(draft, product.unitType);
  const subject: PricingSubject | null =
    pricing === null
      ? null
      : "unitPriceCents" in pricing
        ? { unitType: "unit", unitPriceCents: pricing.unitPriceCents }
        : { unitType: "gram", priceTable: pricing.priceTable };
  const startingPriceCents =
    subject === null
      ? 0
      : subject.unitType === "unit"
        ? subject.unitPriceCents
        : gramsTotalCents(MIN_GRAMS, subject.priceTable ?? undefined);
  const quantities = product.unitType === "gram" ? GRAM_QUANTITIES : UNIT_QUANTITIES;

  return (
    <section aria-labelledby="previa-titulo" className="space-y-4">
      <h2 id="previa-titulo" className="text-lg font-bold text-stone-950">
        Prévia
      </h2>
      <div className="max-w-sm" aria-label="Prévia do cartão do produto" role="group">
        <ProductCard
          product={{
            id: product.id,
            name: draft.name.trim() || product.name,
            subtitle: draft.subtitle,
            badge: draft.badge.trim() || null,
            route: product.route,
            // The card as the shop will show it: the previous shop's figures only while kept.
            ratings: { verified: product.ratings.verified, imported: draft.importedRatingShown ? product.importedRating : null },
            image: product.image,
            startingPriceCents,
            purchasable: draft.purchasable && !(draft.stock.trim() === "0" && !draft.madeToOrder),
            unitType: product.unitType,
          }}
        />
      </div>
      {subject === null ? (
        <p role="status" className="rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-950">
          Corrija o preço para ver a prévia dos valores.
        </p>
      ) : (
        <table className="w-full max-w-sm text-sm">
          <caption className="mb-2 text-left font-semibold text-stone-900">Preço por quantidade</caption>
          <thead>
            <tr className="border-b border-stone-300 text-left text-stone-700">
              <th scope="col" className="py-1.5 font-medium">
                Quantidade
              </th>
              <th scope="col" className="py-1.5 text-right font-medium">
                Total
              </th>
              <th scope="col" className="py-1.5 text-right font-medium">
                {product.unitType === "gram" ? "Por grama" : "Por unidade"}
              </th>
            </tr>
          </thead>
          <tbody>
            {quantities.map((quantity) => {
              const price = quote(subject, quantity, false);
              return (
                <tr key={quantity} className="border-b border-stone-100" data-testid={`previa-${quantity}`}>
                  <th scope="row" className="py-1.5 text-left font-normal text-stone-800">
                    {product.unitType === "gram" ? `${quantity} g` : `${quantity} un.`}
                  </th>
                  <td className="py-1.5 text-right font-semibold text-stone-950">{formatBRL(price.totalPriceCents)}</td>
                  <td className="py-1.5 text-right text-stone-700">{formatBRL(price.unitPriceCents)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}
