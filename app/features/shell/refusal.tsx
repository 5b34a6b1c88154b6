import { Link } from "react-router";
import { buttonClass } from "#app/ui/button-styles.ts";

/**
 * A domain refusal shown as the page (a loader's 409, 422 or 400: app/lib/domain-errors.server.ts):
 * the refusal's Portuguese message and the way back to the products. Nothing broke, so it is not
 * the error screen.
 */
export function Refusal({ message, title = "Não foi possível continuar" }: { message: string; title?: string }) {
  return (
    <section className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-bold text-stone-950">{title}</h1>
      <div className="mt-6 rounded-2xl border border-stone-200 bg-white p-5">
        <p className="text-stone-800">{message}</p>
        <Link to="/" className={buttonClass("primary", "mt-4")}>
          Ver produtos
        </Link>
      </div>
    </section>
  );
}
