import { useState } from "react";
import { useRevalidator } from "react-router";
import { AdminSectionFrame } from "#app/features/admin/admin-shell.tsx";
import { apiClient } from "#app/lib/api-client.ts";
import { ApiCallError } from "#app/lib/fetch-json.ts";
import { buttonClass, focusRing } from "#app/ui/button-styles.ts";
import { Field, FormMessage } from "#app/ui/field.tsx";
import { describeCoupon, type CouponKind } from "#domain/coupons/coupon-rules.ts";
import type { CouponView, NewCouponInput } from "#domain/coupons/coupon-schemas.ts";
import type { couponsContract } from "#server/contracts/coupons.ts";
import { couponsRoutes } from "#server/contracts/coupons.routes.ts";

const couponsClient = apiClient<typeof couponsContract>(couponsRoutes);

const KIND_LABELS: Record<CouponKind, string> = { percent: "Porcentagem", fixed: "Valor fixo (R$)", free_shipping: "Frete grátis" };

const day = (iso: string | null) => (iso ? new Date(iso).toLocaleDateString("pt-BR", { timeZone: "America/Sao_Paulo" }) : null);

/** "12,50" or "12.5" → 1250; "" → null; anything else → NaN (the server then refuses it in Portuguese). */
function cents(text: string): number | null {
  const clean = text.trim().replace(/\s|R\$/g, "");
  if (!clean) return null;
  const normalized = clean.includes(",") ? clean.replace(/\./g, "").replace(",", ".") : clean;
  return Math.round(Number(normalized) * 100);
}
const wholeOrNull = (text: string) => (text.trim() ? Number(text.trim()) : null);
/** A date field (yyyy-mm-dd) as the start (or the end) of that day in Brasília. */
const dateOrNull = (text: string, endOfDay: boolean) => (text ? `${text}T${endOfDay ? "23:59:59" : "00:00:00"}-03:00` : null);

/** /admin/cupons (decisions 028 and 047): the coupons, a form that creates one, and the switch that turns one off. */
export function CouponsSection({ coupons }: { coupons: CouponView[] }) {
  const revalidator = useRevalidator();
  const [kind, setKind] = useState<CouponKind>("percent");
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function create(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const text = (name: string) => String(data.get(name) ?? "");
    const body: NewCouponInput = {
      code: text("code"),
      kind,
      value: kind === "percent" ? (wholeOrNull(text("value")) ?? undefined) : kind === "fixed" ? (cents(text("value")) ?? undefined) : null,
      minSubtotalCents: cents(text("minSubtotal")) ?? 0,
      startsAt: dateOrNull(text("startsAt"), false),
      endsAt: dateOrNull(text("endsAt"), true),
      maxUses: wholeOrNull(text("maxUses")),
      maxUsesPerCustomer: wholeOrNull(text("maxUsesPerCustomer")),
      firstPurchaseOnly: data.get("firstPurchaseOnly") === "on",
    };
    setPending(true);
    setError(null);
    setDone(null);
    let created = false;
    try {
      const coupon = await couponsClient.call("adminCreateCoupon", { body });
      setDone(`Cupom ${coupon.code} criado.`);
      form.reset();
      setKind("percent");
      created = true;
    } catch (failure) {
      setError(failure instanceof ApiCallError ? failure.message : "Não foi possível criar o cupom. Tente novamente.");
    } finally {
      // The button is ready again as the message appears, not later when the list has refreshed.
      setPending(false);
    }
    if (created) await revalidator.revalidate();
  }

  async function switchActive(coupon: CouponView) {
    setError(null);
    setDone(null);
    try {
      await couponsClient.call("adminUpdateCoupon", { params: { id: coupon.id }, body: { active: !coupon.active } });
      setDone(coupon.active ? `Cupom ${coupon.code} desativado.` : `Cupom ${coupon.code} reativado.`);
      await revalidator.revalidate();
    } catch (failure) {
      setError(failure instanceof ApiCallError ? failure.message : "Não foi possível alterar o cupom. Tente novamente.");
    }
  }

  return (
    <AdminSectionFrame title="Cupons">
      <form
        onSubmit={(event) => void create(event)}
        noValidate
        aria-label="Novo cupom"
        className="space-y-4 rounded-xl border border-stone-200 bg-white p-4"
      >
        <h3 className="font-semibold text-stone-950">Novo cupom</h3>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label="Código"
            name="code"
            required
            autoCapitalize="characters"
            maxLength={30}
            hint="Letras, números, - e _ (ex.: BEMVINDO10)."
          />
          <div>
            <label htmlFor="cupom-tipo" className="block text-sm font-medium text-stone-900">
              Tipo
            </label>
            <select
              id="cupom-tipo"
              value={kind}
              onChange={(event) => setKind(event.target.value as CouponKind)}
              className={`mt-1 block w-full rounded-lg border border-stone-300 bg-white px-3 py-2.5 text-base ${focusRing}`}
            >
              {Object.entries(KIND_LABELS).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </div>
          {kind !== "free_shipping" ? (
            <Field
              label={kind === "percent" ? "Desconto (%)" : "Desconto (R$)"}
              name="value"
              inputMode={kind === "percent" ? "numeric" : "decimal"}
              hint={kind === "percent" ? "De 1 a 100, sobre os produtos." : "Sobre os produtos, ex.: 15,00."}
            />
          ) : null}
          <Field label="Compra mínima em produtos (R$)" name="minSubtotal" inputMode="decimal" hint="Vazio: sem mínimo." />
          <Field label="Válido a partir de" name="startsAt" type="date" />
          <Field label="Válido até (inclusive)" name="endsAt" type="date" />
          <Field label="Usos no total" name="maxUses" inputMode="numeric" hint="Vazio: sem limite." />
          <Field label="Usos por cliente" name="maxUsesPerCustomer" inputMode="numeric" hint="Vazio: sem limite." />
        </div>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" name="firstPurchaseOnly" className="size-4" />
          Só na primeira compra do cliente
        </label>
        {error ? <FormMessage kind="error">{error}</FormMessage> : null}
        {done ? <FormMessage kind="success">{done}</FormMessage> : null}
        <button type="submit" disabled={pending} className={buttonClass("primary")}>
          {pending ? "Criando…" : "Criar cupom"}
        </button>
      </form>
      {coupons.length === 0 ? (
        <p className="text-stone-700">Nenhum cupom ainda. Crie o primeiro acima.</p>
      ) : (
        <ul className="divide-y divide-stone-200 rounded-xl border border-stone-200 bg-white" aria-label="Cupons criados">
          {coupons.map((coupon) => (
            <li key={coupon.id} className="flex flex-wrap items-center justify-between gap-3 p-4 text-sm">
              <div className="min-w-0">
                <p className="font-mono text-base font-semibold text-stone-950">
                  {coupon.code}{" "}
                  <span className={`font-sans text-xs font-medium ${coupon.active ? "text-emerald-800" : "text-stone-600"}`}>
                    {coupon.active ? "ativo" : "desativado"}
                  </span>
                </p>
                <p className="text-stone-700">{describeCoupon(coupon)}</p>
                <p className="text-stone-600">
                  {coupon.uses} uso(s){coupon.maxUses !== null ? ` de ${coupon.maxUses}` : ""}
                  {coupon.maxUsesPerCustomer !== null ? ` · ${coupon.maxUsesPerCustomer} por cliente` : ""}
                  {coupon.startsAt ? ` · de ${day(coupon.startsAt)}` : ""}
                  {coupon.endsAt ? ` · até ${day(coupon.endsAt)}` : ""}
                </p>
              </div>
              <button type="button" onClick={() => void switchActive(coupon)} className={buttonClass("secondary")}>
                {coupon.active ? `Desativar ${coupon.code}` : `Reativar ${coupon.code}`}
              </button>
            </li>
          ))}
        </ul>
      )}
    </AdminSectionFrame>
  );
}
