import { Copy } from "lucide-react";
import { toast } from "#app/ui/toast.tsx";
import { buttonClass } from "#app/ui/button-styles.ts";

const brl = new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" });

export type Referral = { code: string; link: string; totalCredits: number };

/** Spec §7 referral_links: the customer's own link and total_credits (a sum, in cents). */
export function ReferralTab({ referral }: { referral: Referral }) {
  async function copy() {
    try {
      await navigator.clipboard.writeText(referral.link);
      toast.success("Link copiado.");
    } catch {
      toast.error("Não foi possível copiar. Selecione o link e copie manualmente.");
    }
  }
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
        </div>
      </div>
      <div className="rounded-xl border border-emerald-200 bg-emerald-50 p-4">
        <p className="text-sm text-emerald-900">Créditos acumulados</p>
        <p className="mt-1 text-2xl font-bold text-emerald-950" data-testid="total-credits">
          {brl.format(referral.totalCredits / 100)}
        </p>
      </div>
    </div>
  );
}
