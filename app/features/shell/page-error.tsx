import { isRouteErrorResponse } from "react-router";
import { Forbidden } from "#app/features/auth/forbidden.tsx";
import { ErrorScreen } from "#app/features/shell/error-screen.tsx";
import { NotFound } from "#app/features/shell/not-found.tsx";
import { Refusal } from "#app/features/shell/refusal.tsx";
import { pageRefusal } from "#app/lib/page-refusal.ts";

/**
 * What an error boundary shows: the 404 page, the 403 page (requireAdmin's answer to a customer, or
 * a domain refusal of kind forbidden), a domain refusal's message (`refusalTitle` heads it), and
 * only for anything else, the error screen.
 */
export function PageError({ error, refusalTitle }: { error: unknown; refusalTitle?: string }) {
  if (isRouteErrorResponse(error)) {
    const refusal = pageRefusal(error);
    if (error.status === 404) return <NotFound message={refusal?.message} />;
    if (error.status === 403) return <Forbidden message={refusal?.message} />;
    if (refusal) return <Refusal message={refusal.message} title={refusalTitle} />;
  }
  return <ErrorScreen error={error} />;
}
