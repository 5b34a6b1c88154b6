import { data, redirect } from "react-router";
import { FIXED_PRODUCT_SLUGS, isKnownProductSlug, SLUG_ALIASES } from "~/features/catalog/product-slugs";
import { PagePlaceholder } from "~/ui/page-placeholder";
import type { Route } from "./+types/produto";

export function loader({ params }: Route.LoaderArgs) {
  const canonical = SLUG_ALIASES.get(params.slug);
  if (canonical) return redirect(`/produto/${canonical}`, 301);
  if (!isKnownProductSlug(params.slug)) throw data(null, { status: 404 });
  return { slug: params.slug, fixed: FIXED_PRODUCT_SLUGS.includes(params.slug) };
}

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  return <PagePlaceholder title={`Produto: ${loaderData.slug}`} />;
}
