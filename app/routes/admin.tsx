import { PagePlaceholder } from "~/ui/page-placeholder";
import type { Route } from "./+types/admin";

export const meta: Route.MetaFunction = () => [{ title: "Administração | Loja" }];

export default function Page() {
  return <PagePlaceholder title="Administração" />;
}
