// First: zod's settings must be in place before any route module builds a schema.
import "#app/lib/zod-browser.ts";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useLocation, useMatches, useRouteLoaderData } from "react-router";
import { sessionState } from "#app/lib/guards.server.ts";
import { PageError } from "#app/features/shell/page-error.tsx";
import { PageTransitions } from "#app/features/shell/page-transitions.tsx";
import { Shell } from "#app/features/shell/shell.tsx";
import { ShopApp } from "#app/features/shell/shop-app.tsx";
import { ISLAND_ROOT_ID, type IslandData } from "#app/islands/island-data.ts";
import { IslandScripts } from "#app/islands/island-scripts.tsx";
import { getAppContext, type IslandModule } from "#app/lib/app-context.server.ts";
import { useNonce } from "#app/lib/nonce.tsx";
import { MaintenanceBanner } from "#app/features/maintenance/maintenance-banner.tsx";
import { knownGoLiveRed } from "#domain/settings/go-live.server.ts";
import { currentMaintenance } from "#domain/maintenance/maintenance-mode.server.ts";
import { STORAGE_KEYS } from "#app/lib/storage-keys.ts";
import { shopNameIn } from "#app/lib/shop-name.ts";
import { showsAgeGate } from "#app/features/consent/age-gate-paths.ts";
import { AgeGate } from "#app/features/consent/age-gate.tsx";
import { AGE_GATE_ENTRY } from "#app/islands/island-entries.ts";
import type { Route } from "./+types/root";
import appStylesheet from "./app.css?url";

// With a precedence React treats the stylesheet as a resource and puts it in <head> before the
// scripts' modulepreloads; without one it came last, queued behind ~30 scripts on a slow phone.
export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: appStylesheet, precedence: "default" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `${shopNameIn(matches)} | Amostras e cultivo para pesquisa` },
  {
    name: "description",
    content: "Amostras desidratadas, culturas líquidas, spawn, serviços e cursos para pesquisa e coleção. Somente maiores de 18 anos.",
  },
];

export async function loader(args: Route.LoaderArgs) {
  const { publicConfig, services, islands } = getAppContext(args.context);
  const auth = await sessionState(args);
  // Only admins are served while maintenance is on (decision 024); they get its banner.
  const maintenance = auth.isAdmin && (await currentMaintenance(services.db).catch(() => null))?.enabled === true;
  // Admins see a banner while the go-live check has a red item (decision 056); never waited for.
  const notReady = auth.isAdmin && knownGoLiveRed(services) === true;
  // The age gate's plain script, which an island page runs on the gate's HTML (decision 086).
  const ageGateScript = islands[AGE_GATE_ENTRY];
  return { publicConfig, auth, maintenance, notReady, ageGateScript };
}

/**
 * A page whose loader offers an island (the product page and the home, requested as documents)
 * hydrates without React Router's runtime (decisions 009 and 035): the island's module and data
 * (the root loader's and the page loader's, but the island's address) take the place of <Scripts/>.
 */
function useIsland(): { island: IslandModule; data: IslandData<Record<string, unknown>>; ageGate?: IslandModule } | undefined {
  const root = useRouteLoaderData<typeof loader>("root");
  const gated = showsAgeGate(useLocation().pathname);
  const page = useMatches()
    .map((match) => match.loaderData as ({ island?: IslandModule } & Record<string, unknown>) | undefined)
    .find((data) => data?.island);
  if (!root || !page?.island) return undefined;
  const { island, ...pageData } = page;
  return {
    island,
    data: { ...pageData, publicConfig: root.publicConfig, auth: root.auth },
    ageGate: gated ? root.ageGateScript : undefined,
  };
}

/**
 * Before the first paint: a visitor who accepted the age gate already must not see the gate the
 * server rendered on any storefront page (decision 063; app.css hides it under this mark;
 * consent-storage's key).
 */
const HIDE_ACCEPTED_GATE = `try{if(localStorage.getItem(${JSON.stringify(STORAGE_KEYS.ageAndCookiesAccepted)})==="true")document.documentElement.dataset.ageGate="accepted"}catch(e){}`;

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const island = useIsland();
  const maintenance = useRouteLoaderData<typeof loader>("root")?.maintenance === true;
  const gated = showsAgeGate(useLocation().pathname);
  return (
    <html lang="pt-BR">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#065f46" />
        <Meta />
        <Links />
        {gated ? <script nonce={nonce} dangerouslySetInnerHTML={{ __html: HIDE_ACCEPTED_GATE }} /> : null}
      </head>
      <body className="min-h-screen bg-stone-50 font-sans text-stone-900 antialiased">
        {maintenance ? <MaintenanceBanner /> : null}
        {/* The element an island page hydrates; under React Router, a plain wrapper. */}
        <div id={ISLAND_ROOT_ID}>{children}</div>
        {/* Beside the page, not in the shell: on an island page it stays the server's HTML (decision 086). */}
        <AgeGate />
        {island ? (
          <IslandScripts island={island.island} ageGate={island.ageGate} data={island.data} nonce={nonce} />
        ) : (
          <>
            {/* Saved position per path, else the top (spec §2). */}
            <ScrollRestoration nonce={nonce} getKey={(location) => location.pathname} />
            <Scripts nonce={nonce} />
          </>
        )}
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  return (
    <ShopApp publicConfig={loaderData.publicConfig} auth={loaderData.auth} transitions={PageTransitions}>
      <Outlet />
    </ShopApp>
  );
}

/** 404 and 403 pages and domain refusals are pages, not the error screen (nothing broke): PageError. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const rootData = useRouteLoaderData<typeof loader>("root");
  return (
    <Shell publicConfig={rootData?.publicConfig} auth={rootData?.auth} transitions={PageTransitions}>
      <PageError error={error} />
    </Shell>
  );
}
