/**
 * The browser entry of a product page loaded as a document (decision 009): React hydrates the
 * server's HTML with the same components, without React Router's runtime. Links on the page are
 * ordinary links; a move to another page loads that page, which then runs React Router as usual.
 */
import "#app/lib/zod-browser.ts";
import { Component, StrictMode, type ReactNode } from "react";
import { hydrateRoot } from "react-dom/client";
import { ProductRouteView } from "#app/features/catalog/product-page.tsx";
import { ErrorScreen } from "#app/features/shell/error-screen.tsx";
import { ShopApp } from "#app/features/shell/shop-app.tsx";
import { ISLAND_DATA_ID, ISLAND_ROOT_ID, type ProductIslandData } from "#app/islands/island-data.ts";
import { restoreScrollPosition, saveScrollPositionOnPageHide } from "#app/islands/scroll-positions.ts";

/** What the root route's error boundary does under React Router: the error screen in the page's place. */
class PageErrorBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state = { error: undefined as unknown };
  static getDerivedStateFromError(error: unknown) {
    return { error: error ?? new Error("Erro desconhecido") };
  }
  override render() {
    return this.state.error === undefined ? this.props.children : <ErrorScreen error={this.state.error} />;
  }
}

restoreScrollPosition();
saveScrollPositionOnPageHide();

const data = JSON.parse(document.getElementById(ISLAND_DATA_ID)!.textContent!) as ProductIslandData;

hydrateRoot(
  document.getElementById(ISLAND_ROOT_ID)!,
  <StrictMode>
    <ShopApp publicConfig={data.publicConfig} auth={data.auth}>
      <PageErrorBoundary>
        <ProductRouteView product={data.product} />
      </PageErrorBoundary>
    </ShopApp>
  </StrictMode>,
);
