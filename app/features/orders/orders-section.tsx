import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useId } from "react";
import { Form, Link, useSearchParams } from "react-router";
import { rememberOrdersSeen } from "#app/lib/orders-seen.ts";
import { onRealtime } from "#app/lib/realtime.ts";
import { buttonClass, focusRing } from "#app/ui/button-styles.ts";
import { LoadFailure } from "#app/ui/load-failure.tsx";
import { adminOrderKeys, adminOrdersApi, ORDER_FILTER_KEYS, orderQueryOf } from "#app/features/orders/admin-orders-api.ts";
import { OrderResults } from "#app/features/orders/order-results.tsx";
import { BulkLabels } from "#app/features/labels/bulk-labels.tsx";
import { ORDER_SORT_LABELS, ORDER_SORTS, PAYMENT_STATE_LABELS, PAYMENT_STATES } from "#domain/orders/admin-order-schemas.ts";
import { ORDER_STATUS_LABELS, ORDER_STATUSES } from "#domain/orders/order-status.ts";
import { formatBRL } from "#domain/pricing/money.ts";

const inputClass = `mt-1 block w-full rounded-lg border border-stone-300 bg-white px-3 py-2.5 text-base text-stone-900 ${focusRing}`;

function Select({ label, name, value, options }: { label: string; name: string; value: string; options: Array<[string, string]> }) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-stone-900">
        {label}
      </label>
      <select id={id} name={name} defaultValue={value} className={inputClass}>
        {options.map(([optionValue, text]) => (
          <option key={optionValue} value={optionValue}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The search and filters: a GET form, so the URL holds them (a link, the back button and a reload keep them). */
function OrderFilters({ search }: { search: URLSearchParams }) {
  const qId = useId();
  const fromId = useId();
  const toId = useId();
  const value = (key: string) => search.get(key) ?? "";
  // Whatever else the page's URL carries (the admin's section) stays when the filters change.
  const others = [...search.entries()].filter(([key]) => !(ORDER_FILTER_KEYS as readonly string[]).includes(key) && key !== "page");
  return (
    <Form method="get" role="search" aria-label="Buscar pedidos" className="space-y-3 rounded-2xl border border-stone-200 bg-white p-4">
      {others.map(([key, other]) => (
        <input key={key} type="hidden" name={key} value={other} />
      ))}
      <div>
        <label htmlFor={qId} className="block text-sm font-medium text-stone-900">
          Buscar
        </label>
        <input
          id={qId}
          name="q"
          type="search"
          defaultValue={value("q")}
          maxLength={100}
          aria-describedby={`${qId}-dica`}
          className={inputClass}
        />
        <p id={`${qId}-dica`} className="mt-1 text-xs text-stone-600">
          Número do pedido, nome, e-mail, CPF ou telefone (com ou sem pontuação).
        </p>
      </div>
      <div className="grid grid-cols-2 gap-3 md:grid-cols-5">
        <Select
          label="Status"
          name="status"
          value={value("status")}
          options={[["", "Todos"], ...ORDER_STATUSES.map((status): [string, string] => [status, ORDER_STATUS_LABELS[status]])]}
        />
        <Select
          label="Pagamento"
          name="payment"
          value={value("payment")}
          options={[["", "Todos"], ...PAYMENT_STATES.map((state): [string, string] => [state, PAYMENT_STATE_LABELS[state]])]}
        />
        <div>
          <label htmlFor={fromId} className="block text-sm font-medium text-stone-900">
            De
          </label>
          <input id={fromId} name="from" type="date" defaultValue={value("from")} className={inputClass} />
        </div>
        <div>
          <label htmlFor={toId} className="block text-sm font-medium text-stone-900">
            Até
          </label>
          <input id={toId} name="to" type="date" defaultValue={value("to")} className={inputClass} />
        </div>
        <Select
          label="Ordem"
          name="sort"
          value={value("sort")}
          options={ORDER_SORTS.map((sort): [string, string] => [sort === "recent" ? "" : sort, ORDER_SORT_LABELS[sort]])}
        />
      </div>
      <div className="flex flex-wrap gap-2">
        <button type="submit" className={buttonClass("primary")}>
          Buscar
        </button>
        <Link to={others.length > 0 ? `?${new URLSearchParams(others)}` : "?"} className={buttonClass("secondary")}>
          Limpar filtros
        </Link>
      </div>
    </Form>
  );
}

/**
 * The owner's orders (issue 17 item 2): search, filters, sort and pages from the URL, a table on a
 * desktop and cards on a phone, the CSV of the filtered set; each order opens with ?order=ID.
 */
export function AdminOrdersSection() {
  const [search] = useSearchParams();
  const query = orderQueryOf(search);
  const queryClient = useQueryClient();
  const list = useQuery({ queryKey: adminOrderKeys.list(query), queryFn: () => adminOrdersApi.list(query), staleTime: 0 });
  // A new order (admin_new_order) or any change of an order shows up without a reload.
  useEffect(() => onRealtime("notification", () => void queryClient.invalidateQueries({ queryKey: adminOrderKeys.all })), [queryClient]);
  // The installed app's offline page shows the last list seen, marked as old (decision 082).
  useEffect(() => {
    if (!list.data) return;
    void rememberOrdersSeen(
      list.data.orders.map((order) => ({
        number: order.number,
        status: ORDER_STATUS_LABELS[order.status],
        total: formatBRL(order.totalCents),
      })),
    );
  }, [list.data]);

  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="text-2xl font-bold text-stone-950">
          Pedidos
        </h2>
        <a href={adminOrdersApi.csvHref(orderQueryOf(search, false))} download className={buttonClass("secondary")}>
          Exportar CSV
        </a>
      </div>
      <OrderFilters key={search.toString()} search={search} />
      {list.isPending ? (
        <p role="status" className="text-stone-700">
          Carregando pedidos…
        </p>
      ) : list.isError ? (
        <LoadFailure onRetry={() => void list.refetch()}>{list.error.message || "Não foi possível carregar os pedidos."}</LoadFailure>
      ) : (
        <>
          <BulkLabels orders={list.data.orders} />
          <OrderResults page={list.data} search={search} />
        </>
      )}
    </section>
  );
}
