import { UNSAFE_withComponentProps, UNSAFE_withErrorBoundaryProps, type ServerBuild } from "react-router";
import * as entry from "#app/entry.server.tsx";
import * as root from "#app/root.tsx";

type RouteModule = ServerBuild["routes"][string]["module"];

/**
 * A React Router server build made of the real entry, root and the given route modules, for tests
 * that read a page's HTML as the server renders it (meta tags, <title>) through createApp's page
 * handler: `npm run build`'s build is not there in Vitest (vitest.config.ts runs without React
 * Router's plugin). No client assets: the pages' scripts point nowhere, which a test of HTML never loads.
 * The components are given their props (loaderData…) as the plugin's transform does.
 */
export function pageBuild(pages: Record<string, { path: string; module: unknown }>): ServerBuild {
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
    entry: { module: entry },
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
