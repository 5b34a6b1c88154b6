import { Search } from "lucide-react";
import { Link } from "react-router";
import { AdminLinks } from "#app/features/auth/admin-links.tsx";
import { SEARCH_PATH } from "#domain/search/search-rules.ts";
import { SearchForm } from "#app/features/search/search-form.tsx";
import { focusRing, iconButtonClass } from "#app/ui/button-styles.ts";
import { AuthButton } from "#app/features/shell/auth-button.tsx";
import { CartLink } from "#app/features/shell/cart-link.tsx";
import { LogoLink } from "#app/features/shell/logo-link.tsx";
import { MobileMenu } from "#app/features/shell/mobile-menu.tsx";
import { NotificationBell } from "#app/features/notifications/notification-bell.tsx";
import { CONTENT_SECTIONS } from "#app/shared/site-sections.ts";

export type SiteHeaderProps = {
  cartCount: number;
  unreadNotifications: number;
  /** The notification list shown when the bell opens (the notifications feature's). */
  notificationPanel?: React.ReactNode;
  userEmail?: string | null;
};

/**
 * Spec §2 header. From `md` (768 px, spec §9) up the logo, the search field and the auth button sit
 * in the bar (and from `lg` the content pages); below it they move into the menu the toggle opens,
 * and the bar keeps a search link (to /busca, whose field takes the focus), the bell and the cart.
 */
export function SiteHeader({ cartCount, unreadNotifications, notificationPanel, userEmail }: SiteHeaderProps) {
  return (
    <header className="sticky top-0 z-30 border-b border-stone-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-2 px-3 sm:px-4">
        <MobileMenu userEmail={userEmail} />
        <LogoLink className="hidden shrink-0 md:block" />
        <nav aria-label="Seções" className="hidden lg:block">
          <ul className="flex items-center gap-1">
            {CONTENT_SECTIONS.map((section) => (
              <li key={section.to}>
                <Link
                  to={section.to}
                  className={`rounded-md px-2 py-1.5 text-sm font-medium whitespace-nowrap text-stone-800 hover:bg-stone-100 hover:text-emerald-900 ${focusRing}`}
                >
                  {section.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <SearchForm label="Buscar na loja" className="hidden max-w-sm flex-1 md:flex" />
        <div className="ml-auto flex items-center gap-1 sm:gap-2">
          <div className="hidden md:block">
            <AdminLinks />
          </div>
          <Link to={SEARCH_PATH} aria-label="Buscar produtos" className={`${iconButtonClass} md:hidden`}>
            <Search aria-hidden="true" className="size-6" />
          </Link>
          <NotificationBell unread={unreadNotifications}>{notificationPanel}</NotificationBell>
          <CartLink count={cartCount} />
          {/* A wrapper hides it: the button's own inline-flex would override a `hidden` class on it. */}
          <div className="hidden md:block">
            <AuthButton email={userEmail} />
          </div>
        </div>
      </div>
    </header>
  );
}
