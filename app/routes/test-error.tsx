import { data } from "react-router";
import { getAppContext } from "#app/lib/app-context.server.ts";
import type { Route } from "./+types/test-error";

/**
 * A page that fails on purpose, so browser tests can see the global error screen. It exists only
 * when the server runs with EXPOSE_TEST_ROUTES=true; otherwise it is an ordinary unknown path.
 */
export function loader({ context }: Route.LoaderArgs) {
  if (!getAppContext(context).services.config.EXPOSE_TEST_ROUTES) throw data(null, { status: 404 });
  throw new Error("Falha de teste");
}

export default function TestError() {
  return null;
}
