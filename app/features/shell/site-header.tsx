import { Menu, X } from "lucide-react";
import { useId, useRef, useState } from "react";
import { useLocation } from "react-router";
import { AdminLinks } from "#app/features/auth/admin-links.tsx";
import { iconButtonClass } from "#app/ui/button-styles.ts";
import { AuthButton } from "#app/features/shell/auth-button.tsx";
import { CartLink } from "#app/features/shell/cart-link.tsx";
import { LogoLink } from "#app/features/shell/logo-link.tsx";
import { NotificationBell } from "#app/features/shell/notification-bell.tsx";

export type SiteHeaderProps = {
  cartCount: number;
  unreadNotifications: number;
  /** The notification list shown when the bell opens (the notifications feature's). */
  notificationPanel?: React.ReactNode;
  userEmail?: string | null;
};

/**
 * Spec §2 header. From `md` (768 px, spec §9) up the logo and the auth button sit in the bar;
 * below it they move into the menu the toggle opens.
 */
export function SiteHeader({ cartCount, unreadNotifications, notificationPanel, userEmail }: SiteHeaderProps) {
  const location = useLocation();
  const menuId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  // The menu belongs to the history entry it was opened on, so any navigation closes it.
  const [openOnKey, setOpenOnKey] = useState<string | null>(null);
  const menuOpen = openOnKey === location.key;

  function closeMenu() {
    setOpenOnKey(null);
    toggleRef.current?.focus();
  }

  return (
    <header className="sticky top-0 z-30 border-b border-stone-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-2 px-3 sm:px-4">
        {/* Toggle and panel side by side in the DOM, so Tab goes from the toggle straight into the menu. */}
        <div
          className="md:hidden"
          onKeyDown={(event) => {
            if (event.key === "Escape" && menuOpen) closeMenu();
          }}
        >
          <button
            ref={toggleRef}
            type="button"
            aria-label="Abrir menu"
            aria-expanded={menuOpen}
            aria-controls={menuId}
            onClick={() => setOpenOnKey(menuOpen ? null : location.key)}
            className={iconButtonClass}
          >
            {menuOpen ? <X aria-hidden="true" className="size-6" /> : <Menu aria-hidden="true" className="size-6" />}
          </button>
          <div
            id={menuId}
            hidden={!menuOpen}
            className="absolute inset-x-0 top-full border-b border-stone-200 bg-white px-4 py-4 shadow-md"
          >
            <div className="flex items-center justify-between gap-4">
              <LogoLink />
              <AuthButton email={userEmail} />
            </div>
            <AdminLinks layout="menu" />
          </div>
        </div>
        <LogoLink className="hidden md:block" />
        <div className="ml-auto flex items-center gap-1 sm:gap-2">
          <div className="hidden md:block">
            <AdminLinks />
          </div>
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
