import { ShieldCheck } from "lucide-react";
import { listProducts } from "#domain/catalog/catalog.server.ts";
import { CatalogSections } from "#app/features/catalog/catalog-sections.tsx";
import { getAppContext } from "#app/lib/app-context.server.ts";
import { withDomainErrors } from "#app/lib/domain-errors.server.ts";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: "Loja Micologia | Amostras e cultivo para pesquisa" },
  {
    name: "description",
    content:
      "Amostras desidratadas, culturas líquidas, spawn sob encomenda, consultoria e cursos para pesquisa, estudo e coleção. Somente maiores de 18 anos.",
  },
  ...(loaderData ? [{ tagName: "link", rel: "canonical", href: `${loaderData.origin}/` }] : []),
];

export const loader = withDomainErrors(async ({ context }: Route.LoaderArgs) => {
  const { services } = getAppContext(context);
  const origin = new URL(services.config.PUBLIC_URL).origin;
  const products = await listProducts(services.db, origin);
  // Cards only: the long texts stay on the product pages.
  return {
    origin,
    products: products.map(({ id, category, name, subtitle, badge, route, ratings, image, startingPriceCents, purchasable, unitType }) => ({
      id,
      category,
      name,
      subtitle,
      badge,
      route,
      ratings,
      image,
      startingPriceCents,
      purchasable,
      unitType,
    })),
  };
});

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <section className="bg-gradient-to-b from-emerald-50 to-stone-50">
        <div className="mx-auto max-w-6xl px-4 py-10 sm:py-16">
          <p className="text-sm font-semibold tracking-wide text-emerald-800 uppercase">Pesquisa · Estudo · Coleção</p>
          <h1 className="mt-3 max-w-2xl text-3xl font-bold text-stone-950 sm:text-5xl">Amostras, culturas e cursos para pesquisa</h1>
          <p className="mt-4 max-w-2xl text-lg text-stone-700">
            Amostras desidratadas em sachês a vácuo de 2 g, culturas líquidas, spawn sob encomenda, consultoria e materiais educativos.
          </p>
          <p className="mt-6 flex max-w-2xl items-start gap-3 rounded-xl border border-emerald-200 bg-white p-4 text-sm text-stone-800">
            <ShieldCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-emerald-800" />
            <span>Venda exclusiva para maiores de 18 anos. Todos os produtos destinam-se somente a pesquisa, estudo e coleção.</span>
          </p>
        </div>
      </section>
      <CatalogSections products={loaderData.products} />
    </>
  );
}
