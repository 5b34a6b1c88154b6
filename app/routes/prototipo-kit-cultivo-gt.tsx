import { PagePlaceholder } from "~/ui/page-placeholder";
import type { Route } from "./+types/prototipo-kit-cultivo-gt";

export const meta: Route.MetaFunction = () => [{ title: "Kit de cultivo Golden Teacher (protótipo) | Loja" }];

export default function Page() {
  return <PagePlaceholder title="Kit de cultivo Golden Teacher (protótipo)" />;
}
