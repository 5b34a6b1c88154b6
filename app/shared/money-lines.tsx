import type { MoneyLine } from "#domain/pricing/money-lines.ts";

/**
 * The money lines of domain/pricing/money-lines.ts as a list: the cart, each checkout step, the
 * order pages and the admin's panel render this one component, so the labels, their order and the
 * R$ text never differ between screens. `totalTestId` names the total for journeys; `label` names
 * the list for screen readers. Small on purpose: a step's summary can reuse it as it is.
 */
export function MoneyLinesList({
  lines,
  label = "Valores",
  totalTestId,
  className = "",
}: {
  lines: readonly MoneyLine[];
  label?: string;
  totalTestId?: string;
  className?: string;
}) {
  return (
    <dl aria-label={label} data-testid="money-lines" className={`space-y-1 text-sm text-stone-800 ${className}`}>
      {lines.map((line, index) =>
        line.kind === "total" ? (
          <div
            key={`${line.kind}-${index}`}
            data-money-line={line.kind}
            className="flex items-baseline justify-between gap-3 border-t border-stone-200 pt-2 text-base font-bold text-stone-950"
          >
            <dt>{line.label}</dt>
            <dd aria-live="polite" data-testid={totalTestId} className="shrink-0">
              {line.text}
            </dd>
          </div>
        ) : (
          <div
            key={`${line.kind}-${index}`}
            data-money-line={line.kind}
            className={`flex justify-between gap-3 ${line.kind === "coupon" || line.kind === "credit" ? "text-emerald-900" : ""}`}
          >
            <dt>{line.label}</dt>
            <dd className="shrink-0">{line.text}</dd>
          </div>
        ),
      )}
    </dl>
  );
}
