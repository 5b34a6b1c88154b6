import { contentMeta } from "#app/features/content/content-meta.ts";
import { ContentPage } from "#app/features/content/content-page.tsx";
import { contentPage } from "#app/features/content/content-pages.server.ts";
import { getAppContext, islandForDocument } from "#app/lib/app-context.server.ts";
import { shopNameIn } from "#app/lib/shop-name.ts";
import type { Route } from "./+types/referencias";

const PATH = "/referencias";

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  contentMeta(loaderData?.page, loaderData?.origin, PATH, shopNameIn(matches));

/** Markdown of content/referencias.md, rendered on the server. */
export function loader({ request, context }: Route.LoaderArgs) {
  const { services, islands } = getAppContext(context);
  // As a document, an island without React Router's runtime (decision 035).
  const island = islandForDocument(request, islands.content);
  return { view: "content" as const, island, page: contentPage("referencias"), origin: new URL(services.config.PUBLIC_URL).origin };
}

export default function Page({ loaderData }: Route.ComponentProps) {
  return <ContentPage page={loaderData.page} />;
}
