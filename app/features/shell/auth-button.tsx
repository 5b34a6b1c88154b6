import { LogIn } from "lucide-react";
import { Link, useLocation } from "react-router";
import { UserMenu } from "#app/features/auth/user-menu.tsx";
import { buttonClass } from "#app/ui/button-styles.ts";

/** "Entrar" for visitors (back to this page afterwards); the user menu for customers. */
export function AuthButton({ email, className = "" }: { email?: string | null; className?: string }) {
  const location = useLocation();
  if (email) return <UserMenu email={email} className={className} />;
  const here = location.pathname + location.search;
  const next = here === "/" || location.pathname === "/auth" ? "" : `?next=${encodeURIComponent(here)}`;
  return (
    <Link to={`/auth${next}`} className={buttonClass("primary", className)}>
      <LogIn aria-hidden="true" className="size-4" />
      Entrar
    </Link>
  );
}
