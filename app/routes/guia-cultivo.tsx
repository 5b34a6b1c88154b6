import { PagePlaceholder } from "~/ui/page-placeholder";
import type { Route } from "./+types/guia-cultivo";

export const meta: Route.MetaFunction = () => [{ title: "Guia de cultivo | Loja" }];

export default function Page() {
  return <PagePlaceholder title="Guia de cultivo" />;
}
