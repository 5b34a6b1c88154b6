import { PagePlaceholder } from "~/ui/page-placeholder";
import type { Route } from "./+types/cliente";

export const meta: Route.MetaFunction = () => [{ title: "Minha conta | Loja" }];

export default function Page() {
  return <PagePlaceholder title="Minha conta" />;
}
