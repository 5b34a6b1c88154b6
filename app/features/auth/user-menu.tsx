import { ChevronDown, LogOut, UserRound } from "lucide-react";
import { Popover } from "radix-ui";
import { Link } from "react-router";
import { buttonClass, focusRing } from "~/ui/button-styles";
import { useAuth } from "./auth-context";

/** Spec §6: a signed-in user sees the part of the e-mail before the @. */
export function userLabel(email: string): string {
  return email.split("@")[0] || email;
}

const itemClass = `flex w-full items-center gap-2 rounded-md px-3 py-2 text-left text-sm text-stone-800 hover:bg-emerald-50 hover:text-emerald-900 ${focusRing}`;

/**
 * The signed-in user's button: their name (e-mail prefix), opening the panel link and "Sair". A
 * popover (the header's bell already loads it), not a menu widget: two actions need no more script.
 */
export function UserMenu({ email, className = "" }: { email: string; className?: string }) {
  const { signOut } = useAuth();
  return (
    <Popover.Root>
      <Popover.Trigger className={buttonClass("ghost", className)} aria-label={`Conta de ${userLabel(email)}`}>
        <UserRound aria-hidden="true" className="size-5" />
        <span>{userLabel(email)}</span>
        <ChevronDown aria-hidden="true" className="size-4" />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={8}
          collisionPadding={12}
          aria-label="Minha conta"
          className="z-40 min-w-48 rounded-xl border border-stone-200 bg-white p-1 shadow-xl"
        >
          <p className="truncate px-3 py-2 text-xs text-stone-600">{email}</p>
          <Popover.Close asChild>
            <Link to="/cliente" className={itemClass}>
              <UserRound aria-hidden="true" className="size-4" />
              Minha conta
            </Link>
          </Popover.Close>
          <div className="my-1 h-px bg-stone-200" />
          <Popover.Close asChild>
            <button type="button" className={itemClass} onClick={() => void signOut()}>
              <LogOut aria-hidden="true" className="size-4" />
              Sair
            </button>
          </Popover.Close>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
