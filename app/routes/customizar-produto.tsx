import { Link } from "react-router";
import { ProductImagesEditor } from "#app/features/admin-images/product-images-editor.tsx";
import { appContext } from "#app/lib/app-context.server.ts";
import { withDomainErrors } from "#app/lib/domain-errors.server.ts";
import { requireAdmin } from "#app/lib/guards.server.ts";
import { focusRing } from "#app/ui/button-styles.ts";
import { listProducts } from "#domain/catalog/catalog.server.ts";
import { listProductImages } from "#domain/catalog/product-images.server.ts";
import { productUuid } from "#domain/catalog/product-slugs.ts";
import { DomainError } from "#domain/errors.ts";
import type { Route } from "./+types/customizar-produto";

export const meta: Route.MetaFunction = () => [{ title: "Personalizar produto | Loja" }, { name: "robots", content: "noindex" }];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `?produto=` names a product by its UUID or its numeric id (spec §3); anything else is not one. */
function productIdFrom(value: string | null): string | undefined {
  if (!value) return undefined;
  if (/^\d{1,4}$/.test(value)) return productUuid(Number(value));
  if (UUID.test(value)) return value.toLowerCase();
  throw new DomainError("not_found", "product_not_found", "Produto não encontrado.");
}

/** Admins only (customer → 403 page, visitor → /auth). `?produto=ID` opens one product. */
export const loader = withDomainErrors(async (args: Route.LoaderArgs) => {
  await requireAdmin(args);
  const { services } = args.context.get(appContext);
  const products = (await listProducts(services.db, new URL(services.config.PUBLIC_URL).origin)).map(({ uuid, name, slug }) => ({
    uuid,
    name,
    slug,
  }));
  const productId = productIdFrom(args.url.searchParams.get("produto"));
  const images = productId ? await listProductImages(services.db, productId) : null;
  return { products, images };
});

export default function Page({ loaderData }: Route.ComponentProps) {
  const { products, images } = loaderData;
  const product = images ? products.find((entry) => entry.uuid === images.productId) : undefined;
  return (
    <section className="mx-auto max-w-3xl space-y-6 px-4 py-8">
      <h1 className="text-2xl font-bold text-stone-900 sm:text-3xl">
        {images ? `Personalizar: ${images.productName}` : "Personalizar produto"}
      </h1>
      {images ? (
        <>
          <p className="flex flex-wrap gap-x-4 gap-y-2 text-sm">
            <Link to="/customizar-produto" className={`font-semibold text-emerald-800 underline ${focusRing}`}>
              Todos os produtos
            </Link>
            {product ? (
              <Link to={`/produto/${product.slug}`} className={`font-semibold text-emerald-800 underline ${focusRing}`}>
                Ver página do produto
              </Link>
            ) : null}
          </p>
          {/* key: another product is another editor, with its own state. */}
          <ProductImagesEditor key={images.productId} productId={images.productId} initial={images} />
        </>
      ) : (
        <nav aria-label="Produtos">
          <p className="text-stone-700">Escolha um produto para editar as fotos.</p>
          <ul className="mt-4 divide-y divide-stone-200 rounded-2xl border border-stone-200 bg-white">
            {products.map((entry) => (
              <li key={entry.uuid}>
                <Link
                  to={`/customizar-produto?produto=${entry.uuid}`}
                  className={`block px-4 py-3 font-semibold text-stone-900 hover:bg-stone-50 ${focusRing}`}
                >
                  {entry.name}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
    </section>
  );
}
