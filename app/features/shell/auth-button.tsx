import { ChevronDown, LogIn, UserRound } from "lucide-react";
import { Link, useLocation } from "react-router";
import { userLabel } from "#app/features/auth/user-label.ts";
import { buttonClass } from "#app/ui/button-styles.ts";
import { PopoverOnDemand } from "#app/ui/popover-on-demand.tsx";

// Only a signed-in user has a menu, and its code loads on the button's first use (decisions 035
// and 038). The button itself is in the page's first load: behind React.lazy it stayed a server
// button until the chunk arrived, and React drops a click on such a button (decision 042).
const loadUserMenu = () => import("#app/features/auth/user-menu.tsx");

/** "Entrar" for visitors (back to this page afterwards); the user menu for customers. */
export function AuthButton({ email, className = "" }: { email?: string | null; className?: string }) {
  const location = useLocation();
  if (email)
    return (
      <PopoverOnDemand
        load={loadUserMenu}
        panelProps={{ email }}
        triggerClassName={buttonClass("ghost", className)}
        triggerLabel={`Conta de ${userLabel(email)}`}
        trigger={
          <>
            <UserRound aria-hidden="true" className="size-5" />
            <span>{userLabel(email)}</span>
            <ChevronDown aria-hidden="true" className="size-4" />
          </>
        }
      />
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
