import { Trash2 } from "lucide-react";
import { Link } from "react-router";
import { ProductImage } from "#app/shared/product-image.tsx";
import { DEFAULT_PACKAGING_FEE_CENTS, PACKAGING_MIN_GRAMS, SACHET_GRAMS } from "#domain/pricing/gram-pricing.ts";
import { formatBRL } from "#domain/pricing/money.ts";
import { focusRing } from "#app/ui/button-styles.ts";
import { QuantityStepper } from "#app/ui/quantity-stepper.tsx";
import type { CartLine } from "#domain/cart/cart-types.ts";
import { singleUnitOnly } from "#domain/cart/cart-rules.ts";

type CartLineRowProps = {
  line: CartLine;
  onChange: (quantity: number, packagingEnabled: boolean) => void;
  /** Gets the pressed button, so focus can move before the row disappears. */
  onRemove: (button: HTMLElement) => void;
};

/** One cart line: product, unit price, quantity, per-sachet packaging (from 50 g), savings and line total. */
export function CartLineRow({ line, onChange, onRemove }: CartLineRowProps) {
  const isGram = line.unitType === "gram";
  const packagingOffered = isGram && line.quantity >= PACKAGING_MIN_GRAMS;

  return (
    <li className="flex gap-4 p-4" data-testid="cart-line" data-product-id={line.productId}>
      <div className="w-20 shrink-0 sm:w-24">
        <ProductImage src={line.image} name={line.productName} id={line.productId} alt="" sizes="96px" width={96} className="rounded-lg" />
      </div>
      <div className="min-w-0 flex-1">
        <div className="flex items-start justify-between gap-3">
          <h2 className="font-semibold text-stone-950">
            {line.slug ? (
              <Link to={`/produto/${line.slug}`} className={`hover:underline ${focusRing}`}>
                {line.productName}
              </Link>
            ) : (
              line.productName
            )}
          </h2>
          <button
            type="button"
            onClick={(event) => onRemove(event.currentTarget)}
            data-remove-line
            aria-label={`Remover ${line.productName}`}
            className={`inline-flex size-10 shrink-0 items-center justify-center rounded-full text-stone-700 hover:bg-stone-100 ${focusRing}`}
          >
            <Trash2 aria-hidden="true" className="size-5" />
          </button>
        </div>
        <p className="text-sm text-stone-700">
          {formatBRL(line.unitPriceCents)} {isGram ? "por grama" : "por unidade"}
          {isGram ? ` · ${line.packaging.sachet_count} ${line.packaging.sachet_count === 1 ? "sachê" : "sachês"} de ${SACHET_GRAMS} g` : ""}
        </p>
        {/* The server decides: an invalid typed value comes back with its message (e.g. "Minimum quantity is 2"). */}
        {singleUnitOnly(line) && line.quantity === 1 ? (
          // One per order (decision 063): nothing to step. A line above 1 from before keeps its stepper, to come down.
          <p className="mt-2 text-sm text-stone-700">1 unidade</p>
        ) : (
          <QuantityStepper
            layout="inline"
            unitType={line.unitType}
            value={line.quantity}
            label={`Quantidade de ${line.productName} ${isGram ? "(gramas)" : "(unidades)"}`}
            itemName={line.productName}
            onChange={(quantity) => onChange(quantity, line.packaging.enabled)}
          />
        )}
        {packagingOffered ? (
          <label className="mt-3 flex items-center gap-2 text-sm text-stone-800">
            <input
              type="checkbox"
              checked={line.packaging.enabled}
              onChange={(event) => onChange(line.quantity, event.target.checked)}
              className="size-5 accent-emerald-800"
            />
            Embalagem individual por sachê ({formatBRL(line.packaging.fee_amount || DEFAULT_PACKAGING_FEE_CENTS)} por sachê)
          </label>
        ) : null}
        <div className="mt-3 flex flex-wrap items-baseline justify-between gap-2">
          {line.savingsCents > 0 ? <p className="text-sm text-emerald-800">Você economiza {formatBRL(line.savingsCents)}</p> : <span />}
          <p className="text-right">
            {line.packagingFeeCents > 0 ? (
              <span className="block text-xs text-stone-600">inclui embalagem de {formatBRL(line.packagingFeeCents)}</span>
            ) : null}
            <span className="text-lg font-bold text-stone-950" data-testid="line-total">
              {formatBRL(line.lineTotalCents)}
            </span>
          </p>
        </div>
      </div>
    </li>
  );
}
