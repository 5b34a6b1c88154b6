import { ShoppingBag } from "lucide-react";
import { Link } from "react-router";
import { buttonClass } from "#app/ui/button-styles.ts";

export function EmptyCart() {
  return (
    <div className="mt-6 rounded-2xl border border-stone-200 bg-white p-8 text-center">
      <ShoppingBag aria-hidden="true" className="mx-auto size-12 text-stone-400" />
      <p className="mt-4 text-lg font-semibold text-stone-900">Seu carrinho está vazio</p>
      <p className="mt-1 text-stone-700">Escolha amostras, kits, spawn ou cursos e eles aparecem aqui.</p>
      <Link to="/" className={buttonClass("primary", "mt-6")}>
        Ver produtos
      </Link>
    </div>
  );
}
