import { PagePlaceholder } from "~/ui/page-placeholder";
import type { Route } from "./+types/referencias";

export const meta: Route.MetaFunction = () => [{ title: "Referências | Loja" }];

export default function Page() {
  return <PagePlaceholder title="Referências" />;
}
