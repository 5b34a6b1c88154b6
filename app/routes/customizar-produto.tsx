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
import { productFile } from "#domain/catalog/product-files.server.ts";
import { productDownloadOrders } from "#domain/delivery/deliveries.server.ts";
import { orderNumbers } from "#domain/orders/customer-orders.server.ts";
import { ProductCreateForm } from "#app/features/catalog/product-create-form.tsx";
import { ProductFileEditor } from "#app/features/catalog/product-file-editor.tsx";
import { ProductTaxEditor } from "#app/features/invoices/product-tax-editor.tsx";
import { FormMessage } from "#app/ui/field.tsx";
import { pageTitle } from "#app/lib/shop-name.ts";
import type { Route } from "./+types/customizar-produto";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle("Personalizar produto", matches) },
  { name: "robots", content: "noindex" },
];

/**
 * Admins only (customer → 403 page, visitor → /auth). Without parameters: every product;
 * `?produto=ID` (numeric id or UUID): its editor; `?novo`: a new product (decision 061);
 * `?frete`: the shipping table (decision 021).
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
  if (params.has("novo")) return { view: "create" as const };
  const id = params.get("produto")?.trim().slice(0, 100);
  if (id) {
    const product = await getEditableProduct(db, id, config.PUBLIC_URL);
    if (!product) throw data(null, { status: 404 });
    const [changes, images, file] = await Promise.all([
      history("product", product.uuid),
      listProductImages(db, product.uuid),
      product.kind === "digital"
        ? Promise.all([productFile(db, config, product.uuid), productDownloadOrders(db, product.uuid, orderNumbers)])
        : Promise.resolve(null),
    ]);
    const created = params.get("criado");
    return {
      view: "product" as const,
      product,
      changes,
      images,
      file: file && { view: file[0], downloads: file[1] },
      created: created === "1" ? ("new" as const) : created === "copia" ? ("copy" as const) : null,
    };
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
      {loaderData.view === "create" ? <ProductCreateForm /> : null}
      {loaderData.view === "product" ? (
        <>
          {loaderData.created ? (
            <div className="mb-4">
              <FormMessage kind="success">
                {loaderData.created === "copy" ? "Cópia criada" : "Produto criado"}, oculto da loja. Envie as fotos
                {loaderData.product.kind === "digital" ? " e o PDF" : ""} e escolha “Visível na loja” quando estiver pronto.
              </FormMessage>
            </div>
          ) : null}
          <ProductEditor key={loaderData.product.uuid} product={loaderData.product} />
          <div className="mt-8">
            <ProductImagesEditor key={loaderData.images.productId} productId={loaderData.images.productId} initial={loaderData.images} />
          </div>
          {loaderData.file ? (
            <div className="mt-8">
              <ProductFileEditor
                key={loaderData.product.uuid}
                productId={loaderData.product.uuid}
                initial={loaderData.file.view}
                downloads={loaderData.file.downloads}
              />
            </div>
          ) : null}
          <div className="mt-8">
            <ProductTaxEditor productId={loaderData.product.uuid} />
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
