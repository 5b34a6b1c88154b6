import { PagePlaceholder } from "~/ui/page-placeholder";
import type { Route } from "./+types/customizar-produto";

export const meta: Route.MetaFunction = () => [{ title: "Personalizar produto | Loja" }];

export default function Page() {
  return <PagePlaceholder title="Personalizar produto" />;
}
