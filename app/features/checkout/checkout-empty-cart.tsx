import { Link } from "react-router";
import { buttonClass } from "#app/ui/button-styles.ts";

export function CheckoutEmptyCart() {
  return (
    <div className="rounded-2xl border border-stone-200 bg-white p-5">
      <p className="text-stone-800">Seu carrinho está vazio.</p>
      <Link to="/" className={buttonClass("primary", "mt-4")}>
        Ver produtos
      </Link>
    </div>
  );
}
