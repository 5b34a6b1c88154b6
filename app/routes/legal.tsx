import { PagePlaceholder } from "~/ui/page-placeholder";
import type { Route } from "./+types/legal";

export const meta: Route.MetaFunction = () => [{ title: "Privacidade, termos e cookies | Loja" }];

export default function Page() {
  return <PagePlaceholder title="Privacidade, termos e cookies" />;
}
