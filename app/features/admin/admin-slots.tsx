import { Link } from "react-router";
import { AdminSectionFrame } from "#app/features/admin/admin-shell.tsx";
import { buttonClass } from "#app/ui/button-styles.ts";

/** Frete: the shipping table's editor lives beside the product editor (decision 021); this section leads there. */
export function ShippingSlot() {
  return (
    <AdminSectionFrame title="Frete">
      <p className="text-stone-700">
        Os preços e prazos de PAC e SEDEX por região de CEP e faixa de peso, com uma simulação de cotação, ficam no editor da tabela de
        frete.
      </p>
      <Link to="/customizar-produto?frete" className={`mt-4 ${buttonClass("primary")}`}>
        Editar a tabela de frete
      </Link>
    </AdminSectionFrame>
  );
}
