import { currentSection, legalSections } from "#app/features/legal/legal-content.server.ts";
import { LegalPage } from "#app/features/legal/legal-page.tsx";
import { getAppContext, islandForDocument } from "#app/lib/app-context.server.ts";
import { pageTitle } from "#app/lib/shop-name.ts";
import type { Route } from "./+types/legal";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle("Privacidade, termos e cookies", matches) },
  { name: "description", content: "Política de privacidade (LGPD), termos de uso, direito de arrependimento e cookies." },
];

/** Mapped to /privacidade, /termos and /cookies; the Markdown is rendered here, on the server only. */
export function loader({ url, request, context }: Route.LoaderArgs) {
  const { publicConfig, islands } = getAppContext(context);
  return {
    view: "legal" as const,
    // As a document, an island without React Router's runtime (decision 035).
    island: islandForDocument(request, islands.content),
    sections: legalSections(publicConfig.legal),
    // `url`, not `request.url`: client navigations fetch /termos.data, and `url` drops the suffix.
    current: currentSection(url.pathname),
  };
}

export default function Legal({ loaderData }: Route.ComponentProps) {
  return <LegalPage sections={loaderData.sections} current={loaderData.current} />;
}
