import { robotsTxt } from "#app/features/seo/sitemap.ts";
import { getAppContext } from "#app/lib/app-context.server.ts";
import type { Route } from "./+types/robots";

/** Resource route: points crawlers to the sitemap and keeps them out of private areas. */
export function loader({ context }: Route.LoaderArgs) {
  const origin = new URL(getAppContext(context).services.config.PUBLIC_URL).origin;
  return new Response(robotsTxt(origin), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
