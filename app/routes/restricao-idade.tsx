import { AgeRestrictionPage } from "#app/features/content/age-restriction-page.tsx";
import { getAppContext, islandForDocument } from "#app/lib/app-context.server.ts";
import { pageTitle } from "#app/lib/shop-name.ts";
import type { Route } from "./+types/restricao-idade";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle("Acesso restrito", matches) },
  { name: "robots", content: "noindex" },
];

/** As a document, an island without React Router's runtime (decision 035). */
export function loader({ request, context }: Route.LoaderArgs) {
  return { view: "age-restriction" as const, island: islandForDocument(request, getAppContext(context).islands.content) };
}

/** Where "Não Concordo" in the age gate leads (spec §4). */
export default function AgeRestriction() {
  return <AgeRestrictionPage />;
}
