import { PagePlaceholder } from "~/ui/page-placeholder";
import type { Route } from "./+types/cursos";

export const meta: Route.MetaFunction = () => [{ title: "Cursos | Loja" }];

export default function Page() {
  return <PagePlaceholder title="Cursos" />;
}
