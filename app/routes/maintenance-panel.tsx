import { PagePlaceholder } from "~/ui/page-placeholder";
import type { Route } from "./+types/maintenance-panel";

export const meta: Route.MetaFunction = () => [{ title: "Painel de manutenção | Loja" }];

export default function Page() {
  return <PagePlaceholder title="Painel de manutenção" />;
}
