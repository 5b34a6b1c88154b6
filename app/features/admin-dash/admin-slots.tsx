import { AdminSectionFrame } from "#app/features/admin-dash/admin-shell.tsx";

/*
 * Sections whose screens other parts of issue 17 build (decision 019). Each is a slot: the route
 * mounts the part's component here when it arrives. Until then they show what exists already.
 */

/** Frete: the shipping table's editor (item 7) mounts here. */
export function ShippingSlot() {
  return (
    <AdminSectionFrame title="Frete">
      <p className="text-stone-700">Em breve: a tabela de frete (PAC e SEDEX por região e faixa de peso) editável aqui.</p>
    </AdminSectionFrame>
  );
}
