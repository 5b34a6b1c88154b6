import { ShieldAlert } from "lucide-react";
import { Link } from "react-router";
import { buttonClass } from "#app/ui/button-styles.ts";

/** The 403 page: signed in, but this page is for admins only (or `message`, a domain refusal's own). */
export function Forbidden({ message }: { message?: string }) {
  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center">
      <ShieldAlert aria-hidden="true" className="mx-auto size-10 text-emerald-800" />
      <p className="mt-4 text-sm font-semibold text-emerald-800">Erro 403</p>
      <h1 className="mt-2 text-3xl font-bold text-stone-900">Acesso restrito</h1>
      <p className="mt-4 text-stone-700">{message ?? "Esta página é só para administradores da loja."}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/" className={buttonClass("primary")}>
          Voltar para o início
        </Link>
        <Link to="/cliente" className={buttonClass("secondary")}>
          Minha conta
        </Link>
      </div>
    </section>
  );
}
