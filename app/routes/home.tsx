import { PagePlaceholder } from "~/ui/page-placeholder";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = () => [{ title: "Loja Micologia | Amostras e cultivo para pesquisa" }];

export default function Home() {
  return <PagePlaceholder title="Amostras, culturas e cursos para pesquisa" />;
}
