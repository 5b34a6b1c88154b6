import { UNSAFE_withComponentProps, UNSAFE_withErrorBoundaryProps, type ServerBuild } from "react-router";
import type { AppServices } from "#platform/services.ts";
import { createApp } from "#server/http/app.ts";

type RouteModule = NonNullable<ServerBuild["routes"][string]>["module"];

/**
 * A React Router server build made of the real entry, root and the given route modules, for tests
 * that read a page's HTML as the server renders it (meta tags, <title>) through createApp's page
 * handler: `npm run build`'s build is not there in Vitest (vitest.config.ts runs without React
 * Router's plugin). No client assets: the pages' scripts point nowhere, which a test of HTML never loads.
 * The components are given their props (loaderData…) as the plugin's transform does. The test
 * imports the modules (app/entry.server.tsx, app/root.tsx, its pages): only tests import routes.
 */
export function pageBuild(modules: {
  entry: unknown;
  root: unknown;
  pages: Record<string, { path: string; module: unknown }>;
}): ServerBuild {
  const { entry, root, pages } = modules;
  const entryRoute = (id: string, path: string, module: unknown, parentId?: string) => {
    const original = module as RouteModule;
    const m: RouteModule = {
      ...original,
      ...(original.default ? { default: UNSAFE_withComponentProps(original.default as never) } : {}),
      ...(original.ErrorBoundary ? { ErrorBoundary: UNSAFE_withErrorBoundaryProps(original.ErrorBoundary as never) } : {}),
    };
    return {
      server: { id, path, parentId, module: m },
      client: {
        id,
        path,
        parentId,
        module: `/${id}.js`,
        hasAction: Boolean(m.action),
        hasLoader: Boolean(m.loader),
        hasClientAction: false,
        hasClientLoader: false,
        hasClientMiddleware: false,
        hasErrorBoundary: Boolean(m.ErrorBoundary),
        clientActionModule: undefined,
        clientLoaderModule: undefined,
        clientMiddlewareModule: undefined,
        hydrateFallbackModule: undefined,
      },
    };
  };
  const all = [entryRoute("root", "", root), ...Object.entries(pages).map(([id, page]) => entryRoute(id, page.path, page.module, "root"))];
  return {
    entry: { module: entry as ServerBuild["entry"]["module"] },
    routes: Object.fromEntries(all.map((route) => [route.server.id, route.server])),
    assets: {
      entry: { module: "/entry.client.js", imports: [] },
      routes: Object.fromEntries(all.map((route) => [route.client.id, route.client])),
      url: "/manifest-teste.js",
      version: "teste",
    },
    publicPath: "/",
    assetsBuildDirectory: "build/client",
    future: {},
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: "lazy", manifestPath: "/__manifest" },
  } as unknown as ServerBuild;
}

/** The shop's app (API, files and these pages) on a test's services: what a test requests pages from. */
export const pageServer = (services: AppServices, build: ServerBuild) => createApp(services, { build });
