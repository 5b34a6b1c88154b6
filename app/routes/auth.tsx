import { PagePlaceholder } from "~/ui/page-placeholder";
import type { Route } from "./+types/auth";

export const meta: Route.MetaFunction = () => [{ title: "Entrar | Loja" }];

export default function Page() {
  return <PagePlaceholder title="Entrar" />;
}
