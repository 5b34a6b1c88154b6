import { Link } from "react-router";

/** The 404 page; `message` is a domain refusal's own (e.g. "Pedido não encontrado."). */
export function NotFound({ message }: { message?: string }) {
  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center">
      <p className="text-sm font-semibold text-emerald-800">Erro 404</p>
      <h1 className="mt-2 text-3xl font-bold text-stone-900">Página não encontrada</h1>
      <p className="mt-4 text-stone-700">{message ?? "O endereço que você acessou não existe ou mudou de lugar."}</p>
      <Link to="/" className="mt-8 inline-block rounded-lg bg-emerald-800 px-5 py-3 font-semibold text-white hover:bg-emerald-900">
        Voltar para o início
      </Link>
    </section>
  );
}
