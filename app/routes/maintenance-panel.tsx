import { requireAdmin } from "#app/lib/guards.server.ts";
import { PagePlaceholder } from "#app/ui/page-placeholder.tsx";
import type { Route } from "./+types/maintenance-panel";

export const meta: Route.MetaFunction = () => [{ title: "Painel de manutenção | Loja" }, { name: "robots", content: "noindex" }];

/** Admins only (customer → 403 page, visitor → /auth). */
export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  return null;
}

export default function Page() {
  return <PagePlaceholder title="Painel de manutenção" />;
}
