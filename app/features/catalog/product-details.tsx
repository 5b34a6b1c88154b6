import { Check } from "lucide-react";
import { DetailIcon } from "#app/features/catalog/detail-icon.tsx";
import type { DetailIcon as DetailIconName, ProductDetail } from "#domain/catalog/catalog-types.ts";
import { DETAILS_CLASS, KEY_POINTS_CLASS } from "#app/features/catalog/product-details-box.ts";

export function KeyPoints({ points }: { points: string[] }) {
  if (points.length === 0) return null;
  return (
    <ul className={KEY_POINTS_CLASS}>
      {points.map((point) => (
        <li key={point} className="flex items-start gap-2 text-stone-800">
          <Check aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-emerald-700" />
          {point}
        </li>
      ))}
    </ul>
  );
}

/** Spec §3 details: icon with text, or (kits) a label with its value, shown as a table. */
export function ProductDetails({ details }: { details: ProductDetail[] }) {
  const labelled = details.filter((detail): detail is { label: string; value: string } => "label" in detail);
  const withIcon = details.filter((detail): detail is { icon: DetailIconName; text: string } => "icon" in detail);
  return (
    <div className={DETAILS_CLASS}>
      {labelled.length > 0 ? (
        <dl className="divide-y divide-stone-200 rounded-xl border border-stone-200 bg-white">
          {labelled.map((detail) => (
            <div key={detail.label} className="grid grid-cols-[8rem_1fr] gap-3 px-4 py-3 text-sm sm:grid-cols-[10rem_1fr]">
              <dt className="font-semibold text-stone-900">{detail.label}</dt>
              <dd className="text-stone-800">{detail.value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {withIcon.length > 0 ? (
        <ul className="space-y-3">
          {withIcon.map((detail) => (
            <li key={detail.text} className="flex items-start gap-3 text-stone-800">
              <DetailIcon icon={detail.icon} className="mt-0.5 size-5 shrink-0 text-emerald-800" />
              {detail.text}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
