import { PagePlaceholder } from "~/ui/page-placeholder";
import type { Route } from "./+types/checkout";

export const meta: Route.MetaFunction = () => [{ title: "Finalizar compra | Loja" }];

export default function Page() {
  return <PagePlaceholder title="Finalizar compra" />;
}
