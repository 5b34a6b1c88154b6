import { formatDateTime } from "#app/shared/format-date.ts";
import { type OrderPart, partStateLabel } from "#domain/orders/order-parts.ts";

const KIND_NAMES: Record<OrderPart["kind"], string> = {
  shipment: "Produtos",
  service: "Serviço",
  access: "Acesso",
};

/** Done parts read green, the rest neutral: the words say the state, the colour only repeats it. */
function stateClass(part: OrderPart): string {
  return part.doneAt ? "bg-emerald-100 text-emerald-900" : "bg-stone-100 text-stone-800";
}

/**
 * Each part of an order and where it stands (decision 081), for the customer's and the owner's
 * pages; `action` adds the owner's button beside a part.
 */
export function OrderPartsList({ parts, action }: { parts: OrderPart[]; action?: (part: OrderPart) => React.ReactNode }) {
  return (
    <ul className="divide-y divide-stone-100">
      {parts.map((part) => (
        <li key={`${part.kind}-${part.productId ?? "envio"}`} className="flex flex-wrap items-center gap-x-3 gap-y-2 py-2">
          <span className="min-w-0 flex-1">
            <span className="block text-xs font-medium uppercase tracking-wide text-stone-600">{KIND_NAMES[part.kind]}</span>
            <span className="block text-stone-950">{part.label}</span>
          </span>
          <span className="text-right">
            <span className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${stateClass(part)}`}>
              {partStateLabel(part)}
            </span>
            {part.doneAt ? (
              <time dateTime={part.doneAt} className="block text-xs text-stone-600">
                {formatDateTime(part.doneAt)}
              </time>
            ) : null}
          </span>
          {action ? action(part) : null}
        </li>
      ))}
    </ul>
  );
}
