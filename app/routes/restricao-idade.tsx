import { PagePlaceholder } from "~/ui/page-placeholder";
import type { Route } from "./+types/restricao-idade";

export const meta: Route.MetaFunction = () => [{ title: "Acesso restrito | Loja" }];

export default function Page() {
  return <PagePlaceholder title="Acesso restrito" />;
}
