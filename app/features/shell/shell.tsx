import { BUILT_IN_BRAND, ShopBrandContext } from "#app/shared/shop-brand.tsx";
import { lazy, Suspense, useRef, useState } from "react";
import { pagePathOf } from "#app/shared/page-path.ts";
import { useLocation, useNavigation, useSearchParams } from "react-router";
import { AuthProvider, useAuth } from "#app/features/auth/auth-context.tsx";
import { CartProvider, useCartCount } from "#app/features/cart/cart-provider.tsx";
import { ANONYMOUS, type AuthState } from "#domain/auth/auth-types.ts";
import { CookiePreferencesProvider } from "#app/features/consent/cookie-preferences.tsx";
import type { PublicConfig } from "#platform/public-config.ts";
import { Toaster } from "#app/ui/toast.tsx";
import { SiteFooter } from "#app/features/shell/site-footer.tsx";
import type { HeaderNotifications } from "#app/features/notifications/notifications-feed.tsx";
import type { PageTransitions } from "#app/features/shell/page-transitions.tsx";
import { SiteHeader } from "#app/features/shell/site-header.tsx";

// A visitor has no notifications: their code (the list, its queries and realtime inserts) loads
// only for a signed-in user, so a first visit's JavaScript stays within budget (decision 035).
const NotificationsFeed = lazy(() => import("#app/features/notifications/notifications-feed.tsx"));

/** The header with the signed-in user's e-mail and notifications (or "Entrar" and an empty bell). */
function HeaderWithUser() {
  const { user, isAdmin } = useAuth();
  const cartCount = useCartCount();
  const [notifications, setNotifications] = useState<HeaderNotifications | null>(null);
  return (
    <>
      {user ? (
        <Suspense fallback={null}>
          <NotificationsFeed userId={user.id} isAdmin={isAdmin} onChange={setNotifications} />
        </Suspense>
      ) : null}
      <SiteHeader
        cartCount={cartCount}
        unreadNotifications={user ? (notifications?.unread ?? 0) : 0}
        notificationPanel={user ? notifications?.panel : undefined}
        userEmail={user?.email ?? null}
      />
    </>
  );
}

/** The cart's count, sync and checks live on every page (spec §4); they follow the session. */
function CartWithUser({ children }: { children: React.ReactNode }) {
  const { user } = useAuth();
  return <CartProvider signedIn={user !== null}>{children}</CartProvider>;
}

/**
 * Spec §2 layout: header (unless hideHeader=true), main content, footer, toasts. The age and terms
 * gate is root.tsx's layout's, beside the shell (decision 086): an island page hydrates the shell,
 * and would otherwise load the gate's component (~2.5 KB gzipped) on every page.
 */
export function Shell({
  publicConfig,
  auth = ANONYMOUS,
  transitions: Transitions,
  children,
}: {
  publicConfig?: PublicConfig;
  /** The session as the server read it (root loader); absent on an error screen before it ran. */
  auth?: AuthState;
  /** React Router's pages: the skeleton, fade and focus of a move between pages (an island page never moves). */
  transitions?: typeof PageTransitions;
  children: React.ReactNode;
}) {
  const [searchParams] = useSearchParams();
  const hideHeader = searchParams.get("hideHeader") === "true";
  const location = useLocation();
  const navigation = useNavigation();
  const pageRef = useRef<HTMLDivElement>(null);
  const mainRef = useRef<HTMLElement>(null);

  // Only a move to another page shows the skeleton; revalidating or changing the query of the
  // current page keeps it on screen.
  const loadingOtherPage = navigation.state === "loading" && pagePathOf(navigation.location.pathname) !== pagePathOf(location.pathname);

  return (
    <ShopBrandContext value={publicConfig?.brand ?? BUILT_IN_BRAND}>
      <AuthProvider initial={auth}>
        <CookiePreferencesProvider>
          <CartWithUser>
            <div className="flex min-h-screen flex-col">
              <a
                href="#conteudo"
                className="sr-only rounded-lg bg-emerald-800 font-semibold text-white focus:not-sr-only focus:px-4 focus:py-2 focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:outline-2 focus:outline-offset-2 focus:outline-emerald-800"
              >
                Pular para o conteúdo
              </a>
              {hideHeader ? null : <HeaderWithUser />}
              {/* tabIndex -1: the skip link (and a navigation, see useFocusOnNavigation) moves keyboard focus here, not only the scroll position. */}
              <main ref={mainRef} id="conteudo" tabIndex={-1} className="flex-1 focus:outline-none">
                {/* Hidden, not unmounted: a cancelled navigation gets the page back with its state intact. */}
                <div ref={pageRef} hidden={loadingOtherPage}>
                  {children}
                </div>
                {/* After the page: its effects (a field it focuses) run before the transition's focus check, as when they were the shell's. */}
                {Transitions ? <Transitions pageRef={pageRef} mainRef={mainRef} loadingOtherPage={loadingOtherPage} /> : null}
              </main>
              <SiteFooter publicConfig={publicConfig} />
              {/* Sonner and its settings (spec §9) load with the first toast. */}
              <Toaster />
            </div>
          </CartWithUser>
        </CookiePreferencesProvider>
      </AuthProvider>
    </ShopBrandContext>
  );
}
