import { LogIn, UserRound } from "lucide-react";
import { Link } from "react-router";
import { buttonClass } from "~/ui/button-styles";

/** Spec §6: a signed-in user sees the part of the e-mail before the @. */
export function userLabel(email: string): string {
  return email.split("@")[0] || email;
}

/**
 * "Entrar" for visitors, the user's name for customers. The auth feature will swap the
 * signed-in branch for its user menu; the visitor branch stays as it is.
 */
export function AuthButton({ email, className = "" }: { email?: string | null; className?: string }) {
  if (email) {
    return (
      <Link to="/cliente" className={buttonClass("ghost", className)}>
        <UserRound aria-hidden="true" className="size-5" />
        {userLabel(email)}
      </Link>
    );
  }
  return (
    <Link to="/auth" className={buttonClass("primary", className)}>
      <LogIn aria-hidden="true" className="size-4" />
      Entrar
    </Link>
  );
}
