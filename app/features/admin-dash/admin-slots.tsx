import type { Dashboard } from "#domain/dashboard/dashboard-schemas.ts";
import { AdminSectionFrame } from "#app/features/admin-dash/admin-shell.tsx";
import { WithdrawalList } from "#app/features/admin-dash/withdrawal-list.tsx";

/*
 * Sections whose screens other parts of issue 17 build (decision 019). Each is a slot: the route
 * mounts the part's component here when it arrives. Until then they show what exists already.
 */

/** Devoluções: the waiting withdrawals; the returns queue (accept, refund, reply: item 4) replaces it. */
export function WithdrawalsSlot({ withdrawals }: { withdrawals: Dashboard["withdrawals"] }) {
  return (
    <AdminSectionFrame title="Devoluções">
      <p className="text-sm text-stone-700">
        Pedidos que o cliente pediu para devolver depois do envio e ainda sem reembolso registrado, do pedido mais antigo ao mais novo. Abra
        o pedido para registrar o reembolso quando os produtos chegarem.
      </p>
      <WithdrawalList withdrawals={withdrawals} />
    </AdminSectionFrame>
  );
}

/** Frete: the shipping table's editor (item 7) mounts here. */
export function ShippingSlot() {
  return (
    <AdminSectionFrame title="Frete">
      <p className="text-stone-700">Em breve: a tabela de frete (PAC e SEDEX por região e faixa de peso) editável aqui.</p>
    </AdminSectionFrame>
  );
}
