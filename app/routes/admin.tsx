import { requireAdmin } from "~/features/auth/access.server";
import { PagePlaceholder } from "~/ui/page-placeholder";
import type { Route } from "./+types/admin";

export const meta: Route.MetaFunction = () => [{ title: "Administração | Loja" }, { name: "robots", content: "noindex" }];

/** Admins only (customer → 403 page, visitor → /auth). Accepts ?order=ID (the orders issue fills it). */
export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  return { order: args.url.searchParams.get("order") };
}

export default function Page({ loaderData }: Route.ComponentProps) {
  return (
    <PagePlaceholder title="Administração">
      {loaderData.order ? `Pedido ${loaderData.order}: ` : ""}Em breve: painel de pedidos, pagamentos e envios.
    </PagePlaceholder>
  );
}
