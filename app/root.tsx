// First: zod's settings must be in place before any route module builds a schema.
import "~/lib/zod-browser";
import { QueryClientProvider } from "@tanstack/react-query";
import { useState } from "react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteLoaderData,
} from "react-router";
import { sessionState } from "~/features/auth/access.server";
import { Forbidden } from "~/features/auth/forbidden";
import { ErrorScreen } from "~/features/shell/error-screen";
import { NotFound } from "~/features/shell/not-found";
import { Shell } from "~/features/shell/shell";
import { getAppContext } from "~/lib/app-context.server";
import { useNonce } from "~/lib/nonce";
import { createQueryClient } from "~/lib/query-client";
import type { Route } from "./+types/root";
import appStylesheet from "./app.css?url";

// With a precedence React treats the stylesheet as a resource and puts it in <head> before the
// scripts' modulepreloads; without one it came last, queued behind ~30 scripts on a slow phone.
export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: appStylesheet, precedence: "default" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export const meta: Route.MetaFunction = () => [
  { title: "Loja Micologia | Amostras e cultivo para pesquisa" },
  {
    name: "description",
    content: "Amostras desidratadas, culturas líquidas, spawn, serviços e cursos para pesquisa e coleção. Somente maiores de 18 anos.",
  },
];

export async function loader(args: Route.LoaderArgs) {
  return { publicConfig: getAppContext(args.context).publicConfig, auth: await sessionState(args) };
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  return (
    <html lang="pt-BR">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#065f46" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen bg-stone-50 font-sans text-stone-900 antialiased">
        {children}
        {/* Saved position per path, else the top (spec §2). */}
        <ScrollRestoration nonce={nonce} getKey={(location) => location.pathname} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <Shell publicConfig={loaderData.publicConfig} auth={loaderData.auth}>
        <Outlet />
      </Shell>
    </QueryClientProvider>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const rootData = useRouteLoaderData<typeof loader>("root");
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  // requireAdmin's answer to a signed-in customer: a page, not the error screen (nothing broke).
  const forbidden = isRouteErrorResponse(error) && error.status === 403;
  return (
    <Shell publicConfig={rootData?.publicConfig} auth={rootData?.auth}>
      {notFound ? <NotFound /> : forbidden ? <Forbidden /> : <ErrorScreen error={error} />}
    </Shell>
  );
}
