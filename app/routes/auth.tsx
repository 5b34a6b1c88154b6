import { AuthPage, type AuthMode } from "#app/features/auth/auth-page.tsx";
import { safeNext } from "#app/lib/safe-next.ts";
import { pageTitle } from "#app/lib/shop-name.ts";
import type { Route } from "./+types/auth";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle("Entrar", matches) }, { name: "robots", content: "noindex" }];

const MODES: AuthMode[] = ["entrar", "criar", "esqueci", "redefinir", "link"];

/**
 * ?modo=entrar|criar|esqueci|redefinir|link, ?token= (reset or sign-in link), ?next= (only our own
 * paths), ?verificado=1, ?error= (a confirmation or sign-in link that did not work).
 */
export function loader({ url }: Route.LoaderArgs) {
  const params = url.searchParams;
  const mode = MODES.find((m) => m === params.get("modo")) ?? "entrar";
  return {
    mode,
    next: safeNext(params.get("next")),
    token: mode === "redefinir" || mode === "link" ? params.get("token") : null,
    verified: params.get("verificado") === "1" && !params.get("error"),
    verifyError: params.get("error"),
  };
}

export default function Auth({ loaderData }: Route.ComponentProps) {
  return <AuthPage {...loaderData} />;
}
