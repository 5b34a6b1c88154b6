import { PagePlaceholder } from "~/ui/page-placeholder";
import type { Route } from "./+types/success";

export const meta: Route.MetaFunction = () => [{ title: "Pedido recebido | Loja" }];

export default function Page() {
  return <PagePlaceholder title="Pedido recebido" />;
}
