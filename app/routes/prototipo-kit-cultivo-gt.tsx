import { contentMeta } from "~/features/content/content-meta";
import { ContentPage } from "~/features/content/content-page";
import { contentPage } from "~/features/content/content-pages.server";
import { getAppContext } from "~/lib/app-context.server";
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
