import { contentMeta } from "#app/features/content/content-meta.ts";
import { ContentPage } from "#app/features/content/content-page.tsx";
import { contentPage } from "#app/features/content/content-pages.server.ts";
import { getAppContext } from "#app/lib/app-context.server.ts";
import type { Route } from "./+types/prototipo-kit-cultivo-gt";

const PATH = "/prototipo/kit-cultivo-gt";

export const meta: Route.MetaFunction = ({ loaderData }) => contentMeta(loaderData?.page, loaderData?.origin, PATH);

/** Markdown of content/prototipo-kit-cultivo-gt.md, rendered on the server. */
export function loader({ context }: Route.LoaderArgs) {
  const { services } = getAppContext(context);
  return { page: contentPage("prototipo-kit-cultivo-gt"), origin: new URL(services.config.PUBLIC_URL).origin };
}

export default function Page({ loaderData }: Route.ComponentProps) {
  return <ContentPage page={loaderData.page} />;
}
