import { data } from "react-router";
import { appContext } from "#app/lib/app-context.server.ts";
import { requireAdmin } from "#app/lib/guards.server.ts";
import { getEditableProduct, listEditableProducts } from "#domain/catalog/product-editing.server.ts";
import { readShippingTable } from "#domain/shipping/shipping-table.server.ts";
import { listAuditLog } from "#domain/audit/audit-log.server.ts";
import { ProductEditor } from "#app/features/catalog/product-editor.tsx";
import { ProductList } from "#app/features/catalog/product-list.tsx";
import { ShippingEditor } from "#app/features/shipping/shipping-editor.tsx";
import { ChangeHistory } from "#app/features/catalog/change-history.tsx";
import { ProductImagesEditor } from "#app/features/catalog/product-images-editor.tsx";
import { listProductImages } from "#domain/catalog/product-images.server.ts";
import type { Route } from "./+types/customizar-produto";

export const meta: Route.MetaFunction = () => [{ title: "Personalizar produto | Loja" }, { name: "robots", content: "noindex" }];

/**
 * Admins only (customer → 403 page, visitor → /auth). Without parameters: every product;
 * `?produto=ID` (numeric id or UUID): its editor; `?frete`: the shipping table (decision 021).
 */
/** The latest changes shown beside an editor (the whole log is the audit contract's adminAuditLog). */
const HISTORY_SIZE = 10;

export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  const { db, config } = args.context.get(appContext).services;
  const params = args.url.searchParams;
  const history = async (entityType: string, entityId: string) =>
    (await listAuditLog(db, { entityType, entityId, page: 1 })).entries.slice(0, HISTORY_SIZE);
  if (params.has("frete")) {
    const [table, changes] = await Promise.all([readShippingTable(db), history("shipping_rate", "tabela")]);
    return { view: "shipping" as const, table, changes };
  }
  const id = params.get("produto")?.trim().slice(0, 100);
  if (id) {
    const product = await getEditableProduct(db, id, config.PUBLIC_URL);
    if (!product) throw data(null, { status: 404 });
    const [changes, images] = await Promise.all([history("product", product.uuid), listProductImages(db, product.uuid)]);
    return { view: "product" as const, product, changes, images };
  }
  return { view: "list" as const, products: await listEditableProducts(db, config.PUBLIC_URL) };
}

export default function Page({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-6">
      {loaderData.view === "shipping" ? (
        <>
          <ShippingEditor key="frete" table={loaderData.table} />
          <div className="mt-8">
            <ChangeHistory entries={loaderData.changes} />
          </div>
        </>
      ) : null}
      {loaderData.view === "product" ? (
        <>
          <ProductEditor key={loaderData.product.uuid} product={loaderData.product} />
          <div className="mt-8">
            <ProductImagesEditor key={loaderData.images.productId} productId={loaderData.images.productId} initial={loaderData.images} />
          </div>
          <div className="mt-8">
            <ChangeHistory entries={loaderData.changes} />
          </div>
        </>
      ) : null}
      {loaderData.view === "list" ? <ProductList products={loaderData.products} /> : null}
    </div>
  );
}
