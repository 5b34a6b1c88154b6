import { useSyncExternalStore } from "react";
import { Copy, Share2 } from "lucide-react";
import { useShopBrand } from "#app/shared/shop-brand.tsx";
import { toast } from "#app/ui/toast.tsx";
import { buttonClass } from "#app/ui/button-styles.ts";
import { formatBRL } from "#domain/pricing/money.ts";
import { CREDIT_ENTRY_LABELS, type ReferralSummary } from "#domain/referrals/referral-schemas.ts";

export type Referral = ReferralSummary;

const noSubscription = () => () => {};
const browserCanShare = () => typeof navigator.share === "function";

const day = (iso: string) => new Date(iso).toLocaleDateString("pt-BR", { timeZone: "America/Sao_Paulo" });

/**
 * Spec §7 referral_links and decision 027: the customer's own link (copy, or the phone's share
 * sheet where the browser has one), the people who signed up through it (first names only), and
 * the credit ledger whose sum is total_credits.
 */
export function ReferralTab({ referral }: { referral: Referral }) {
  const shopName = useShopBrand().name;
  async function copy() {
    try {
      await navigator.clipboard.writeText(referral.link);
      toast.success("Link copiado.");
    } catch {
      toast.error("Não foi possível copiar. Selecione o link e copie manualmente.");
    }
  }
  async function share() {
    try {
      await navigator.share({ title: shopName, text: `Conheça a ${shopName} pelo meu link:`, url: referral.link });
    } catch {
      // The customer closed the share sheet: nothing to say.
    }
  }
  // Known only in the browser, after hydration (the server's page has no share sheet).
  const canShare = useSyncExternalStore(noSubscription, browserCanShare, () => false);
  return (
    <div className="space-y-6">
      <div>
        <h2 className="text-base font-semibold text-stone-950">Seu link de indicação</h2>
        <p className="mt-1 text-sm text-stone-700">
          Quando alguém se cadastra por este link e tem o primeiro pedido pago, você ganha créditos para usar nas próximas compras.
        </p>
        <div className="mt-3 flex flex-col gap-2 sm:flex-row">
          <input
            readOnly
            value={referral.link}
            aria-label="Seu link de indicação"
            onFocus={(event) => event.currentTarget.select()}
            className="min-w-0 flex-1 rounded-lg border border-stone-300 bg-stone-50 px-3 py-2.5 text-sm"
          />
          <button type="button" onClick={() => void copy()} className={buttonClass("secondary")}>
            <Copy aria-hidden="true" className="size-4" />
            Copiar link
          </button>
          {canShare ? (
            <button type="button" onClick={() => void share()} className={buttonClass("secondary")}>
              <Share2 aria-hidden="true" className="size-4" />
              Compartilhar
            </button>
          ) : null}
        </div>
      </div>
      <div className="rounded-xl border border-emerald-200 bg-emerald-50 p-4">
        <p className="text-sm text-emerald-900">Créditos disponíveis</p>
        <p className="mt-1 text-2xl font-bold text-emerald-950" data-testid="total-credits">
          {formatBRL(referral.totalCredits)}
        </p>
        <p className="mt-1 text-sm text-emerald-900">Use no checkout, em “Usar meu crédito”.</p>
      </div>
      <section aria-labelledby="indicados-titulo">
        <h2 id="indicados-titulo" className="text-base font-semibold text-stone-950">
          Pessoas indicadas
        </h2>
        {referral.referred.length === 0 ? (
          <p className="mt-1 text-sm text-stone-700">Ninguém se cadastrou pelo seu link ainda.</p>
        ) : (
          <ul className="mt-2 divide-y divide-stone-100 text-sm" data-testid="referred-people">
            {referral.referred.map((person, index) => (
              <li key={`${person.joinedAt}-${index}`} className="flex justify-between gap-3 py-2">
                <span>
                  {person.firstName} <span className="text-stone-600">· desde {day(person.joinedAt)}</span>
                </span>
                <span className={person.rewarded ? "text-emerald-800" : "text-stone-600"}>
                  {person.rewarded ? "Crédito ganho" : "Aguardando 1º pedido pago"}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="extrato-titulo">
        <h2 id="extrato-titulo" className="text-base font-semibold text-stone-950">
          Extrato de créditos
        </h2>
        {referral.entries.length === 0 ? (
          <p className="mt-1 text-sm text-stone-700">Nenhuma movimentação ainda.</p>
        ) : (
          <ul className="mt-2 divide-y divide-stone-100 text-sm" data-testid="credit-ledger">
            {referral.entries.map((entry, index) => (
              <li key={`${entry.createdAt}-${index}`} className="flex justify-between gap-3 py-2">
                <span>
                  {CREDIT_ENTRY_LABELS[entry.kind]}
                  {entry.orderNumber !== null ? ` #${entry.orderNumber}` : ""}
                  <span className="block text-xs text-stone-600">{day(entry.createdAt)}</span>
                </span>
                <span className={`shrink-0 font-medium ${entry.amountCents < 0 ? "text-stone-800" : "text-emerald-800"}`}>
                  {entry.amountCents < 0 ? `−${formatBRL(-entry.amountCents)}` : `+${formatBRL(entry.amountCents)}`}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
