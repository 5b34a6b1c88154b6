import { useId } from "react";
import { Form, Link, useNavigation } from "react-router";
import { buttonClass, focusRing } from "#app/ui/button-styles.ts";
import { FormMessage } from "#app/ui/field.tsx";
import type { ConsentState, CustomerDetail, CustomerPage, CustomerSummary } from "#domain/customers/customer-schemas.ts";
import { formatDate } from "#domain/orders/order-status.ts";
import { formatBRL } from "#domain/pricing/money.ts";
import { OrderList } from "#app/features/orders/order-views.tsx";
import { AdminSectionFrame } from "#app/features/admin/admin-shell.tsx";
import { sectionHref } from "#app/features/admin/admin-sections.ts";
import { cpfText, phoneText } from "#app/features/admin/admin-format.ts";

const linkClass = `font-semibold text-emerald-800 underline-offset-4 hover:underline ${focusRing}`;

const CONSENT_LABELS: Record<ConsentState["purpose"], string> = {
  age: "Maioridade (18 anos ou mais)",
  terms: "Termos de uso",
  analytics: "Cookies de análise",
  marketing: "Cookies de marketing",
};
const CONSENT_STATES: Record<ConsentState["state"], string> = {
  granted: "Aceito",
  refused: "Recusado",
  never: "Sem registro na conta",
};

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

function CustomerCard({ customer, query }: { customer: CustomerSummary; query: { busca: string; pagina: number } }) {
  return (
    <li className="space-y-1 px-4 py-3">
      <Link to={sectionHref("clientes", { cliente: customer.id, busca: query.busca, pagina: query.pagina })} className={linkClass}>
        {customer.name}
      </Link>
      <p className="break-all text-sm text-stone-800">{customer.email}</p>
      <p className="flex flex-wrap gap-x-4 text-sm text-stone-700">
        {customer.cpf ? <span>CPF {cpfText(customer.cpf)}</span> : null}
        {customer.phone ? <span>Tel. {phoneText(customer.phone)}</span> : null}
      </p>
      <p className="text-sm text-stone-900">
        {plural(customer.orderCount, "pedido", "pedidos")} · gastou <strong>{formatBRL(customer.totalSpentCents)}</strong>
        {customer.lastOrderAt ? ` · último pedido em ${formatDate(customer.lastOrderAt)}` : ""}
      </p>
    </li>
  );
}

type CustomersViewProps = { result: CustomerPage | null; query: { busca: string; pagina: number }; error: string | null };

/** The customers list: a search (a GET form, so it works before the page's script runs), the results as cards, and paging. */
export function CustomersView({ result, query, error }: CustomersViewProps) {
  const searchId = useId();
  const navigation = useNavigation();
  const searching = navigation.state === "loading" && navigation.location.pathname.startsWith("/admin/clientes");
  const pages = result ? Math.max(1, Math.ceil(result.total / result.pageSize)) : 1;

  return (
    <AdminSectionFrame title="Clientes">
      <Form method="get" action="/admin/clientes" role="search" className="flex flex-wrap items-end gap-2">
        <div className="min-w-0 flex-1">
          <label htmlFor={searchId} className="block text-sm font-medium text-stone-900">
            Buscar por nome, e-mail, CPF ou telefone
          </label>
          <input
            id={searchId}
            type="search"
            name="busca"
            defaultValue={query.busca}
            maxLength={100}
            autoComplete="off"
            className={`mt-1 block w-full rounded-lg border border-stone-300 bg-white px-3 py-2.5 text-base text-stone-900 ${focusRing}`}
          />
        </div>
        <button type="submit" className={buttonClass("primary")} disabled={searching}>
          Buscar
        </button>
      </Form>
      {error ? <FormMessage kind="error">{error}</FormMessage> : null}
      {result ? (
        <>
          <p role="status" className="text-sm text-stone-700">
            {result.total === 0
              ? query.busca
                ? `Nenhum cliente encontrado para \u201c${query.busca}\u201d.`
                : "Nenhum cliente ainda."
              : `${plural(result.total, "cliente encontrado", "clientes encontrados")}${pages > 1 ? ` · página ${result.page} de ${pages}` : ""}.`}
          </p>
          {result.customers.length > 0 ? (
            <ul aria-label="Clientes" className="divide-y divide-stone-200 rounded-xl border border-stone-200 bg-white">
              {result.customers.map((customer) => (
                <CustomerCard key={customer.id} customer={customer} query={query} />
              ))}
            </ul>
          ) : null}
          {pages > 1 ? (
            <nav aria-label="Páginas de clientes" className="flex items-center justify-between gap-2">
              {result.page > 1 ? (
                <Link to={sectionHref("clientes", { busca: query.busca, pagina: result.page - 1 })} className={buttonClass("secondary")}>
                  Anterior
                </Link>
              ) : (
                <span />
              )}
              {result.hasMore ? (
                <Link to={sectionHref("clientes", { busca: query.busca, pagina: result.page + 1 })} className={buttonClass("secondary")}>
                  Próxima
                </Link>
              ) : null}
            </nav>
          ) : null}
        </>
      ) : null}
    </AdminSectionFrame>
  );
}

function ConsentTable({ consent }: { consent: ConsentState[] }) {
  return (
    <table className="w-full text-left text-sm">
      <caption className="sr-only">Consentimentos (LGPD): a última escolha da conta para cada finalidade</caption>
      <thead className="border-b border-stone-200 text-stone-700">
        <tr>
          <th scope="col" className="py-1.5 font-medium">
            Finalidade
          </th>
          <th scope="col" className="py-1.5 font-medium">
            Situação
          </th>
          <th scope="col" className="py-1.5 font-medium">
            Quando
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-stone-100">
        {consent.map((state) => (
          <tr key={state.purpose}>
            <th scope="row" className="py-1.5 font-medium text-stone-900">
              {CONSENT_LABELS[state.purpose]}
            </th>
            <td className="py-1.5 text-stone-900">{CONSENT_STATES[state.state]}</td>
            <td className="py-1.5 text-stone-700">
              {state.recordedAt ? `${formatDate(state.recordedAt)} (versão ${state.version})` : "—"}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** One customer: contacts, figures, orders, consents and referral; `backHref` returns to the list as it was. */
export function CustomerDetailView({
  customer,
  customerId,
  backHref,
}: {
  customer: CustomerDetail | null;
  customerId: string;
  backHref: string;
}) {
  const back = (
    <Link to={backHref} className={`text-sm ${linkClass}`}>
      ← Voltar aos clientes
    </Link>
  );
  if (!customer) {
    return (
      <AdminSectionFrame title="Clientes">
        {back}
        <FormMessage kind="info">Cliente {customerId} não encontrado.</FormMessage>
      </AdminSectionFrame>
    );
  }
  return (
    <AdminSectionFrame title={`Cliente: ${customer.name}`}>
      {back}
      <dl className="grid gap-4 rounded-xl border border-stone-200 bg-white p-4 text-sm sm:grid-cols-2">
        <div>
          <dt className="font-medium text-stone-700">E-mail</dt>
          <dd className="break-all text-stone-950">
            {customer.email} {customer.emailVerified ? "(confirmado)" : "(não confirmado)"}
          </dd>
        </div>
        <div>
          <dt className="font-medium text-stone-700">Conta criada em</dt>
          <dd className="text-stone-950">{formatDate(customer.createdAt)}</dd>
        </div>
        <div>
          <dt className="font-medium text-stone-700">CPF</dt>
          <dd className="text-stone-950">{customer.cpfs.length > 0 ? customer.cpfs.map(cpfText).join(", ") : "—"}</dd>
        </div>
        <div>
          <dt className="font-medium text-stone-700">Telefone</dt>
          <dd className="text-stone-950">{customer.phones.length > 0 ? customer.phones.map(phoneText).join(", ") : "—"}</dd>
        </div>
        <div>
          <dt className="font-medium text-stone-700">Pedidos</dt>
          <dd className="text-stone-950">{customer.orderCount}</dd>
        </div>
        <div>
          <dt className="font-medium text-stone-700">Total gasto (pedidos pagos, menos reembolsos)</dt>
          <dd className="text-stone-950">{formatBRL(customer.totalSpentCents)}</dd>
        </div>
        <div className="sm:col-span-2">
          <dt className="font-medium text-stone-700">Indicação</dt>
          <dd className="text-stone-950">
            {customer.referral
              ? `Código ${customer.referral.codes.join(", ")} · ${formatBRL(customer.referral.totalCredits)} em créditos`
              : "Ainda não abriu o link de indicação."}
          </dd>
        </div>
      </dl>
      <section aria-labelledby="cliente-consentimentos" className="space-y-2">
        <h3 id="cliente-consentimentos" className="text-base font-bold text-stone-950">
          Consentimentos
        </h3>
        <ConsentTable consent={customer.consent} />
      </section>
      <section aria-labelledby="cliente-pedidos" className="space-y-2">
        <h3 id="cliente-pedidos" className="text-base font-bold text-stone-950">
          Pedidos
        </h3>
        {customer.orders.length === 0 ? (
          <p className="text-sm text-stone-700">Nenhum pedido ainda.</p>
        ) : (
          <OrderList orders={customer.orders} hrefFor={(id) => `/admin?order=${id}`} />
        )}
      </section>
    </AdminSectionFrame>
  );
}
