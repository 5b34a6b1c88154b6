import { contentMeta } from "~/features/content/content-meta";
import { ContentPage } from "~/features/content/content-page";
import { contentPage } from "~/features/content/content-pages.server";
import { getAppContext } from "~/lib/app-context.server";
import type { Route } from "./+types/guia-cultivo";

const PATH = "/guia-cultivo";

export const meta: Route.MetaFunction = ({ loaderData }) => contentMeta(loaderData?.page, loaderData?.origin, PATH);

/** Markdown of content/guia-cultivo.md, rendered on the server. */
export function loader({ context }: Route.LoaderArgs) {
  const { services } = getAppContext(context);
  return { page: contentPage("guia-cultivo"), origin: new URL(services.config.PUBLIC_URL).origin };
}

export default function Page({ loaderData }: Route.ComponentProps) {
  return <ContentPage page={loaderData.page} />;
}
