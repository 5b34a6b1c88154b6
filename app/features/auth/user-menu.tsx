import { LogOut, UserRound } from "lucide-react";
import { Link } from "react-router";
import { focusRing } from "#app/ui/button-styles.ts";
import { Popover, type PopoverTriggerProps } from "#app/ui/popover.tsx";
import { useAuth } from "#app/features/auth/auth-context.tsx";

const itemClass = `flex w-full items-center gap-2 rounded-md px-3 py-2 text-left text-sm text-stone-800 hover:bg-emerald-50 hover:text-emerald-900 ${focusRing}`;

/**
 * The signed-in user's popover: the panel link and "Sair". A popover (the header's bell uses it
 * too), not a menu widget: two actions need no more script. Loaded on the button's first use
 * (auth-button.tsx, decision 038), which renders the same button until then.
 */
export default function UserMenu({ email, ...trigger }: PopoverTriggerProps & { email: string; defaultOpen: boolean }) {
  const { signOut } = useAuth();
  return (
    <Popover
      {...trigger}
      label="Minha conta"
      // As wide as its content (a long e-mail included), never wider than the screen.
      className="z-40 w-max max-w-[calc(100vw-1.5rem)] min-w-48 rounded-xl border border-stone-200 bg-white p-1 shadow-xl"
    >
      {(close) => (
        <>
          <p className="truncate px-3 py-2 text-xs text-stone-600">{email}</p>
          <Link to="/cliente" className={itemClass} onClick={close}>
            <UserRound aria-hidden="true" className="size-4" />
            Minha conta
          </Link>
          <div className="my-1 h-px bg-stone-200" />
          <button
            type="button"
            className={itemClass}
            onClick={() => {
              void signOut();
              close();
            }}
          >
            <LogOut aria-hidden="true" className="size-4" />
            Sair
          </button>
        </>
      )}
    </Popover>
  );
}
