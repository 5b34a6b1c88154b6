import { Minus, Plus } from "lucide-react";
import { useId, useState } from "react";
import { MAX_GRAMS, MIN_GRAMS, SACHET_GRAMS } from "#domain/pricing/gram-pricing.ts";
import { MAX_UNITS, MIN_UNITS } from "#domain/pricing/price-quote.ts";
import { focusRing } from "#app/ui/button-styles.ts";

type UnitType = "gram" | "unit";

/** What the − and + buttons and the field's min/max/step offer: whole sachets of grams, or units. */
export function quantityLimits(unitType: UnitType) {
  return unitType === "gram" ? { min: MIN_GRAMS, max: MAX_GRAMS, step: SACHET_GRAMS } : { min: MIN_UNITS, max: MAX_UNITS, step: 1 };
}

type QuantityStepperProps = {
  unitType: UnitType;
  value: number;
  /** The field's accessible name (and, in the stacked layout, its visible label). */
  label: string;
  /** Named in the buttons' labels ("Diminuir quantidade de …") where several steppers share a page. */
  itemName?: string;
  /**
   * "inline": a cart line's compact row, the label for screen readers only, the unit read after the field.
   * "stacked": the product page's larger targets under a visible label, the unit drawn inside the field.
   */
  layout: "inline" | "stacked";
  /** A new quantity from − or +, or a typed one when the field is left or Enter is pressed (not checked: the caller decides). */
  onChange: (quantity: number) => void;
  /** Also call onChange while typing, as soon as the field holds a complete valid quantity (the product page prices at once). */
  updateWhileTyping?: boolean;
};

/** The one quantity control of the shop: − and + buttons around a number field that takes typed values. */
export function QuantityStepper({ unitType, value, label, itemName, layout, onChange, updateWhileTyping = false }: QuantityStepperProps) {
  const { min, max, step } = quantityLimits(unitType);
  const inputId = useId();
  // What the field shows while the customer types ("1", "" …); `value` changes only through onChange.
  const [draft, setDraft] = useState<string | null>(null);
  const stacked = layout === "stacked";
  const named = itemName ? ` de ${itemName}` : "";

  function stepTo(next: number) {
    setDraft(null);
    onChange(next);
  }

  function commit() {
    if (draft === null) return;
    setDraft(null);
    // A cleared field goes back to the current quantity; anything else goes to the caller, even if invalid.
    const typed = Number(draft.replace(",", "."));
    if (draft.trim() !== "" && typed !== value) onChange(typed);
  }

  function type(text: string) {
    setDraft(text);
    if (!updateWhileTyping) return;
    const typed = Number(text);
    // A complete, valid quantity counts at once; anything else waits for the field to be left.
    if (text !== "" && Number.isInteger(typed) && typed >= min && typed <= max && typed % step === 0) onChange(typed);
  }

  const buttonClass = stacked
    ? `inline-flex size-11 items-center justify-center rounded-lg border border-stone-300 bg-white text-stone-900 hover:bg-stone-100 disabled:cursor-not-allowed disabled:text-stone-400 ${focusRing}`
    : `inline-flex size-10 items-center justify-center rounded-lg border border-stone-300 bg-white hover:bg-stone-100 disabled:cursor-not-allowed disabled:text-stone-400 ${focusRing}`;
  const iconClass = stacked ? "size-5" : "size-4";

  const field = (
    <input
      id={inputId}
      type="number"
      inputMode="numeric"
      min={min}
      max={max}
      step={step}
      value={draft ?? String(value)}
      onChange={(event) => type(event.target.value)}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === "Enter") commit();
      }}
      className={
        stacked
          ? `h-11 w-28 rounded-lg border border-stone-300 bg-white pr-12 pl-3 text-right text-lg font-semibold text-stone-950 ${focusRing}`
          : `h-10 w-24 rounded-lg border border-stone-300 bg-white px-2 text-right font-semibold ${focusRing}`
      }
    />
  );

  const decrease = (
    <button
      type="button"
      aria-label={`Diminuir quantidade${named}`}
      disabled={value <= min}
      onClick={() => stepTo(value - step)}
      className={buttonClass}
    >
      <Minus aria-hidden="true" className={iconClass} />
    </button>
  );
  const increase = (
    <button
      type="button"
      aria-label={`Aumentar quantidade${named}`}
      disabled={value >= max}
      onClick={() => stepTo(value + step)}
      className={buttonClass}
    >
      <Plus aria-hidden="true" className={iconClass} />
    </button>
  );

  if (stacked) {
    return (
      <>
        <label htmlFor={inputId} className="block text-sm font-semibold text-stone-900">
          {label}
        </label>
        <div className="mt-2 flex items-center gap-2">
          {decrease}
          <div className="relative">
            {field}
            {/* The label already says the unit; this is for the eye only. */}
            <span aria-hidden="true" className="pointer-events-none absolute top-1/2 right-3 -translate-y-1/2 text-sm text-stone-600">
              {unitType === "gram" ? "g" : "un."}
            </span>
          </div>
          {increase}
        </div>
      </>
    );
  }
  return (
    <div className="mt-3 flex flex-wrap items-center gap-2">
      <label htmlFor={inputId} className="sr-only">
        {label}
      </label>
      {decrease}
      {field}
      <span className="text-sm text-stone-700">{unitType === "gram" ? "g" : value === 1 ? "unidade" : "unidades"}</span>
      {increase}
    </div>
  );
}
