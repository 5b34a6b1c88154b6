import { PagePlaceholder } from "~/ui/page-placeholder";
import type { Route } from "./+types/cart";

export const meta: Route.MetaFunction = () => [{ title: "Carrinho | Loja" }];

export default function Page() {
  return <PagePlaceholder title="Carrinho" />;
}
