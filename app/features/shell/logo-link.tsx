import { Link } from "react-router";
import { focusRing } from "#app/ui/button-styles.ts";
import { Logo } from "#app/features/shell/logo.tsx";

export function LogoLink({ className = "" }: { className?: string }) {
  return (
    <Link to="/" aria-label="Loja Micologia – página inicial" className={`rounded-md ${focusRing} ${className}`}>
      <Logo />
    </Link>
  );
}
