import { ChevronRight, Plus, Truck } from "lucide-react";
import { Link } from "react-router";
import { gramsTotalCents, MIN_GRAMS } from "#domain/pricing/gram-pricing.ts";
import { formatBRL } from "#domain/pricing/money.ts";
import { type EditableProduct, VISIBILITY_LABELS } from "#domain/catalog/product-edit-schemas.ts";
import { CATEGORIES } from "#domain/catalog/categories.ts";
import { buttonClass, focusRing } from "#app/ui/button-styles.ts";

const CATEGORY_TITLES = new Map(CATEGORIES.map((category) => [category.id, category.title]));

/** What the list shows as the price: the unit price, or a sample's 2 g price by its own table. */
function priceText(product: EditableProduct): string {
  if (product.unitType === "unit") return formatBRL(product.priceCents ?? 0);
  return `${formatBRL(gramsTotalCents(MIN_GRAMS, product.priceTable ?? undefined))} (2 g)`;
}

function stockText(product: EditableProduct): string {
  if (product.madeToOrder) return `Sob encomenda, ${product.leadTimeBusinessDays ?? "?"} dias úteis`;
  if (product.stock === null) return "Sem limite de estoque";
  return `Estoque: ${product.stock} ${product.unitType === "gram" ? "g" : product.stock === 1 ? "unidade" : "unidades"}`;
}

/** `/customizar-produto`: every product, a card each on a phone, each opening its editor. */
export function ProductList({ products }: { products: EditableProduct[] }) {
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-stone-950">Personalizar produtos</h1>
        <div className="flex flex-wrap gap-2">
          <Link to="?novo" className={buttonClass("primary")}>
            <Plus aria-hidden="true" className="size-4" />
            Novo produto
          </Link>
          <Link to="?frete" className={buttonClass("secondary")}>
            <Truck aria-hidden="true" className="size-4" />
            Tabela de frete
          </Link>
        </div>
      </div>
      {products.length === 0 ? (
        <p className="rounded-lg border border-stone-200 bg-white p-4 text-stone-700">Nenhum produto cadastrado.</p>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" aria-label="Produtos">
          {products.map((product) => (
            <li key={product.uuid}>
              <Link
                to={`?produto=${product.id}`}
                className={`flex items-center gap-3 rounded-2xl border border-stone-200 bg-white p-4 shadow-sm hover:border-emerald-700 ${focusRing}`}
              >
                <div className="min-w-0 flex-1">
                  <p className="text-xs font-semibold tracking-wide text-stone-600 uppercase">{CATEGORY_TITLES.get(product.category)}</p>
                  <p className="font-bold text-stone-950">{product.name}</p>
                  <p className="text-sm text-stone-800">{priceText(product)}</p>
                  <p className="text-sm text-stone-700">
                    {stockText(product)}
                    {product.visibility !== "listed"
                      ? ` · ${VISIBILITY_LABELS[product.visibility]}`
                      : product.purchasable
                        ? ""
                        : " · Indisponível para compra"}
                  </p>
                </div>
                <ChevronRight aria-hidden="true" className="size-5 shrink-0 text-stone-500" />
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
