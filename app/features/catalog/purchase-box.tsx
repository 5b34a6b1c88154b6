import { Clock, Truck } from "lucide-react";
import { useId, useMemo, useState } from "react";
import { AddToCartButton } from "#app/features/cart/add-to-cart-button.tsx";
import { DEFAULT_PACKAGING_FEE_CENTS, PACKAGING_MIN_GRAMS, SACHET_GRAMS } from "#domain/pricing/gram-pricing.ts";
import { normalizeQuantity, type PricingSubject } from "#domain/pricing/price-quote.ts";
import { useLivePrice } from "#app/features/pricing/use-live-price.ts";
import { formatBRL } from "#domain/pricing/money.ts";
import { buttonClass, focusRing } from "#app/ui/button-styles.ts";
import { QuantityStepper, quantityLimits } from "#app/ui/quantity-stepper.tsx";
import type { ProductPageData } from "#domain/catalog/catalog-types.ts";
import { StickyBuyBar, useOnScreen } from "#app/features/catalog/sticky-buy-bar.tsx";
import { singleUnitOnly } from "#domain/cart/cart-rules.ts";
import { useDeliveryEstimate } from "#app/features/catalog/use-delivery-estimate.ts";

type PurchaseProduct = Pick<
  ProductPageData,
  | "uuid"
  | "name"
  | "unitType"
  | "priceCents"
  | "priceTable"
  | "startingPriceCents"
  | "purchasable"
  | "leadTimeBusinessDays"
  | "needsShipping"
>;

/** Table quantities worth a shortcut (spec §9): each is where a better price starts. */
const GRAM_SHORTCUTS = [2, 10, 20, 50, 100];

/** The product page's purchase box: quantity, live price and the cart button. */
export function PurchaseBox({ product }: { product: PurchaseProduct }) {
  if (!product.purchasable) return <UnavailableBox product={product} />;
  return <QuantityBox product={product} />;
}

function UnavailableBox({ product }: { product: PurchaseProduct }) {
  const noteId = useId();
  const [buttonRef, buttonOnScreen] = useOnScreen<HTMLButtonElement>();
  const delivery = useDeliveryEstimate(product);
  return (
    <section aria-label="Compra" className="rounded-2xl border border-stone-200 bg-stone-100 p-5">
      <p className="text-stone-700">
        <span className="text-sm">a partir de </span>
        <span data-testid="price-total" className="text-2xl font-bold text-stone-900">
          {formatBRL(product.startingPriceCents)}
        </span>
      </p>
      <p id={noteId} className="mt-3 font-semibold text-stone-800">
        Este produto está indisponível para compra no momento.
      </p>
      <button
        ref={buttonRef}
        type="button"
        disabled
        aria-describedby={noteId}
        className={buttonClass("primary", "mt-4 w-full py-3 text-base")}
      >
        Indisponível
      </button>
      <StickyBuyBar price={formatBRL(product.startingPriceCents)} priceNote="a partir de" delivery={delivery.short} hidden={buttonOnScreen}>
        <p className="shrink-0 rounded-lg bg-stone-200 px-3 py-2 text-sm font-semibold text-stone-800">Indisponível</p>
      </StickyBuyBar>
    </section>
  );
}

function QuantityBox({ product }: { product: PurchaseProduct }) {
  const isGram = product.unitType === "gram";
  const [quantity, setQuantity] = useState(() => quantityLimits(product.unitType).min);
  const [packagingChosen, setPackagingChosen] = useState(false);
  const packagingOffered = isGram && quantity >= PACKAGING_MIN_GRAMS;
  const packagingEnabled = packagingOffered && packagingChosen;

  const subject = useMemo<PricingSubject>(
    () =>
      isGram
        ? { unitType: "gram", priceTable: product.priceTable }
        : { unitType: "unit", unitPriceCents: product.priceCents ?? product.startingPriceCents },
    [isGram, product.priceCents, product.priceTable, product.startingPriceCents],
  );
  const { price, source } = useLivePrice(product.name, subject, quantity, packagingEnabled);

  const unitLabel = isGram ? "g" : quantity === 1 ? "unidade" : "unidades";
  const delivery = useDeliveryEstimate(product);
  const [buttonRef, buttonOnScreen] = useOnScreen<HTMLDivElement>();

  // Whatever was asked for (a button, a typed value, a shortcut) becomes the nearest sellable quantity.
  const change = (next: number) => setQuantity(normalizeQuantity(product.unitType, next));

  return (
    <section aria-label="Compra" className="rounded-2xl border border-stone-200 bg-white p-5 shadow-sm">
      {singleUnitOnly(product) ? (
        // A service, course or digital item: one per order (decision 063), so no stepper to offer.
        <p className="text-sm text-stone-700">1 unidade por pedido</p>
      ) : (
        <QuantityStepper
          layout="stacked"
          unitType={product.unitType}
          value={quantity}
          label={`Quantidade ${isGram ? "(em gramas, de 2 em 2 g)" : ""}`}
          onChange={change}
          updateWhileTyping
        />
      )}

      {isGram ? (
        <div className="mt-3 flex flex-wrap gap-2" role="group" aria-label="Quantidades sugeridas">
          {GRAM_SHORTCUTS.map((grams) => (
            <button
              key={grams}
              type="button"
              aria-pressed={quantity === grams}
              onClick={() => change(grams)}
              className={`rounded-full border px-3 py-1.5 text-sm font-medium aria-pressed:border-emerald-800 aria-pressed:bg-emerald-50 aria-pressed:text-emerald-900 border-stone-300 text-stone-800 hover:bg-stone-100 ${focusRing}`}
            >
              {grams} g
            </button>
          ))}
        </div>
      ) : null}

      {isGram ? (
        <p className="mt-3 text-sm text-stone-700">
          {price.sachetCount} {price.sachetCount === 1 ? "sachê" : "sachês"} de {SACHET_GRAMS} g
        </p>
      ) : null}

      {packagingOffered ? (
        <label className="mt-3 flex items-start gap-3 rounded-lg border border-stone-200 p-3 text-sm text-stone-800">
          <input
            type="checkbox"
            checked={packagingChosen}
            onChange={(event) => setPackagingChosen(event.target.checked)}
            className="mt-0.5 size-5 accent-emerald-800"
          />
          <span>
            <span className="font-semibold text-stone-900">Embalagem individual por sachê</span>
            <br />
            {formatBRL(DEFAULT_PACKAGING_FEE_CENTS)} por sachê, disponível a partir de {PACKAGING_MIN_GRAMS} g
          </span>
        </label>
      ) : null}

      <dl className="mt-4 space-y-1 border-t border-stone-200 pt-4 text-sm text-stone-700">
        {isGram ? (
          <div className="flex justify-between gap-4">
            <dt>Preço por grama</dt>
            <dd>{formatBRL(price.unitPriceCents)}</dd>
          </div>
        ) : (
          <div className="flex justify-between gap-4">
            <dt>Preço unitário</dt>
            <dd>{formatBRL(price.unitPriceCents)}</dd>
          </div>
        )}
        {price.discountAmountCents > 0 ? (
          <div className="flex justify-between gap-4">
            <dt>Sem desconto</dt>
            <dd>{formatBRL(price.baseTotalCents)}</dd>
          </div>
        ) : null}
        {price.discountAmountCents > 0 ? (
          <div className="flex justify-between gap-4 text-emerald-800">
            <dt>Desconto ({price.discountPercentage.toLocaleString("pt-BR")}%)</dt>
            <dd>−{formatBRL(price.discountAmountCents)}</dd>
          </div>
        ) : null}
        {price.packagingFeeCents > 0 ? (
          <div className="flex justify-between gap-4">
            <dt>Embalagem</dt>
            <dd>{formatBRL(price.packagingFeeCents)}</dd>
          </div>
        ) : null}
      </dl>
      <p className="mt-2 flex items-baseline justify-between gap-4">
        <span className="font-semibold text-stone-900">
          Total ({quantity} {unitLabel})
        </span>
        <output data-testid="price-total" data-price-source={source} aria-live="polite" className="text-2xl font-bold text-stone-950">
          {formatBRL(price.finalTotalCents)}
        </output>
      </p>
      {source === "local" ? (
        <p className="mt-1 text-xs text-stone-600">Preço calculado no seu aparelho; o valor final é confirmado no pedido.</p>
      ) : null}

      {product.leadTimeBusinessDays ? (
        <p className="mt-4 flex items-start gap-2 rounded-lg bg-amber-50 p-3 text-sm text-amber-950">
          <Clock aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          Sob encomenda: produzido em {product.leadTimeBusinessDays} dias úteis depois da confirmação do pagamento.
        </p>
      ) : null}
      {!product.needsShipping ? <p className="mt-4 text-sm text-stone-700">Sem entrega física: as instruções chegam por e-mail.</p> : null}
      {delivery.shipping ? (
        <p data-testid="delivery-estimate" className="mt-4 flex items-start gap-2 text-sm text-stone-700">
          <Truck aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {delivery.shipping}
        </p>
      ) : null}

      <div ref={buttonRef} className="mt-4">
        <AddToCartButton
          productId={product.uuid}
          productName={product.name}
          quantity={quantity}
          packagingEnabled={packagingEnabled}
          className="w-full py-3 text-base"
        />
      </div>
      <StickyBuyBar
        price={formatBRL(price.finalTotalCents)}
        priceNote={`Total (${quantity} ${unitLabel})`}
        delivery={delivery.short}
        hidden={buttonOnScreen}
      >
        <AddToCartButton
          productId={product.uuid}
          productName={product.name}
          quantity={quantity}
          packagingEnabled={packagingEnabled}
          label="Comprar"
          thenCheckout
          className="shrink-0 px-5 py-3 text-base"
        />
      </StickyBuyBar>
    </section>
  );
}
