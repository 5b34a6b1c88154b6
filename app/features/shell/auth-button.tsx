import { LogIn } from "lucide-react";
import { lazy, Suspense } from "react";
import { Link, useLocation } from "react-router";
import { userLabel } from "#app/features/auth/user-label.ts";
import { buttonClass } from "#app/ui/button-styles.ts";

// Only a signed-in user has a menu: visitors never load its code (decision 035).
const UserMenu = lazy(() => import("#app/features/auth/user-menu.tsx").then((module) => ({ default: module.UserMenu })));

/** "Entrar" for visitors (back to this page afterwards); the user menu for customers. */
export function AuthButton({ email, className = "" }: { email?: string | null; className?: string }) {
  const location = useLocation();
  if (email)
    return (
      // While its code arrives: the user's name, as the menu's button shows it.
      <Suspense fallback={<span className={buttonClass("ghost", className)}>{userLabel(email)}</span>}>
        <UserMenu email={email} className={className} />
      </Suspense>
    );
  const here = location.pathname + location.search;
  const next = here === "/" || location.pathname === "/auth" ? "" : `?next=${encodeURIComponent(here)}`;
  return (
    <Link to={`/auth${next}`} className={buttonClass("primary", className)}>
      <LogIn aria-hidden="true" className="size-4" />
      Entrar
    </Link>
  );
}
