import { Link } from "react-router";
import { focusRing } from "~/ui/button-styles";
import { Logo } from "./logo";

export function LogoLink({ className = "" }: { className?: string }) {
  return (
    <Link to="/" aria-label="Loja Micologia – página inicial" className={`rounded-md ${focusRing} ${className}`}>
      <Logo />
    </Link>
  );
}
