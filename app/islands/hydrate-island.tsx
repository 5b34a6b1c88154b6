import { Component, lazy, StrictMode, startTransition, Suspense, type ReactNode } from "react";
import { hydrateRoot } from "react-dom/client";
import { ShopApp } from "#app/features/shell/shop-app.tsx";
import { ISLAND_DATA_ID, ISLAND_ROOT_ID, type IslandData } from "#app/islands/island-data.ts";
import { restoreScrollPosition, saveScrollPositionOnPageHide } from "#app/islands/scroll-positions.ts";

/**
 * The error screen, downloaded when a page fails (most visits never need it, decision 086). If even
 * that download fails (the network went), the same heading, with the one way out that needs no code.
 */
const ErrorScreen = lazy(() =>
  import("#app/features/shell/error-screen.tsx").then(
    ({ ErrorScreen }) => ({ default: ErrorScreen }),
    () => ({
      default: () => (
        <section role="alert" className="mx-auto max-w-xl px-4 py-16 text-center">
          <h1 className="text-3xl font-bold text-stone-900">Ocorreu um erro</h1>
          <p className="mt-4 text-stone-700">Algo inesperado aconteceu. Recarregue a página.</p>
        </section>
      ),
    }),
  ),
);

/** What the root route's error boundary does under React Router: the error screen in the page's place. */
class PageErrorBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state = { error: undefined as unknown };
  static getDerivedStateFromError(error: unknown) {
    return { error: error ?? new Error("Erro desconhecido") };
  }
  override render() {
    if (this.state.error === undefined) return this.props.children;
    return (
      <Suspense fallback={null}>
        <ErrorScreen error={this.state.error} />
      </Suspense>
    );
  }
}

/**
 * Hydrates an island page (decisions 009 and 035): the server's data from its script, the shell and
 * the page's view inside the error boundary, scroll positions per path as React Router keeps them.
 */
export function hydrateIsland<Page>(renderPage: (data: IslandData<Page>) => ReactNode): void {
  restoreScrollPosition();
  saveScrollPositionOnPageHide();
  const data = JSON.parse(document.getElementById(ISLAND_DATA_ID)!.textContent!) as IslandData<Page>;
  // In a transition, React hydrates in slices of ~5 ms, yielding between them, instead of one task
  // of 35–50 ms on this machine (×4 in Lighthouse's phone: its blocking time, decision 039). A tap
  // on the page meanwhile makes React finish hydrating at once before handling it.
  startTransition(() => {
    hydrateRoot(
      document.getElementById(ISLAND_ROOT_ID)!,
      <StrictMode>
        <ShopApp publicConfig={data.publicConfig} auth={data.auth}>
          <PageErrorBoundary>{renderPage(data)}</PageErrorBoundary>
        </ShopApp>
      </StrictMode>,
    );
  });
}
