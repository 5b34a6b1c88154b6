import { Link } from "react-router";
import { buttonClass } from "#app/ui/button-styles.ts";

/** Where "Não Concordo" in the age gate leads (spec §4). */
export function AgeRestrictionPage() {
  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-3xl font-bold text-stone-950">Acesso restrito</h1>
      <p className="mt-4 text-stone-700">
        Este site é destinado exclusivamente a pessoas maiores de 18 anos. Sem concordar com os termos de uso, não é possível continuar.
      </p>
      <p className="mt-2 text-stone-700">
        Enquanto os termos não forem aceitos, o carrinho e as compras ficam bloqueados neste navegador. Se você tem 18 anos ou mais, pode
        ler os termos novamente e aceitá-los.
      </p>
      {/* The browser keeps no acceptance, so the home page shows the gate again; accepting lifts the server's block (decision 064). */}
      <Link to="/" className={buttonClass("primary", "mt-8")}>
        Voltar aos termos
      </Link>
    </section>
  );
}
