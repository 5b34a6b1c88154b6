import { Menu, X } from "lucide-react";
import { useId, useLayoutEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { iconButtonClass } from "#app/ui/button-styles.ts";
import { useOnFirstUse } from "#app/ui/use-on-first-use.ts";

const loadPanel = () => import("#app/features/shell/mobile-menu-panel.tsx");

/**
 * The phone's menu (below `md`): a disclosure (WAI-ARIA's pattern, not a menu widget: plain links
 * a screen reader lists as such). The button says expanded or not and names the panel; the panel
 * follows it in the DOM, so Tab walks straight in; Escape closes from anywhere and gives focus back
 * to the button; any navigation closes it. The panel's code (its links, the search field, the
 * account's and admin's links) loads on the button's first use, which then opens it (decision 038):
 * a first visit loads only the button.
 */
export function MobileMenu({ userEmail }: { userEmail?: string | null }) {
  const location = useLocation();
  const menuId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  // The menu belongs to the history entry it was opened on, so any navigation closes it.
  const [openOnKey, setOpenOnKey] = useState<string | null>(null);
  const open = openOnKey === location.key;
  const [Panel, requestPanel] = useOnFirstUse(loadPanel, "Não foi possível abrir o menu");

  // A layout effect, so Escape works from the moment the panel shows: an effect ran after the
  // browser's next paint, and an Escape pressed in between (a slow phone) was lost (decision 042).
  useLayoutEffect(() => {
    if (!open) return;
    const closeOnEscape = (event: KeyboardEvent) => {
      // A popover open inside the menu (the account's) handles its own Escape first.
      if (event.key !== "Escape" || event.defaultPrevented) return;
      setOpenOnKey(null);
      toggleRef.current?.focus();
    };
    document.addEventListener("keydown", closeOnEscape);
    return () => document.removeEventListener("keydown", closeOnEscape);
  }, [open]);

  return (
    <div className="md:hidden">
      <button
        ref={toggleRef}
        type="button"
        aria-label="Abrir menu"
        aria-expanded={open}
        // Only once the panel exists: before the first opening there is nothing to point to.
        aria-controls={Panel ? menuId : undefined}
        onClick={() => (open ? setOpenOnKey(null) : requestPanel(() => setOpenOnKey(location.key)))}
        className={iconButtonClass}
      >
        {open ? <X aria-hidden="true" className="size-6" /> : <Menu aria-hidden="true" className="size-6" />}
      </button>
      {Panel ? <Panel id={menuId} open={open} userEmail={userEmail} /> : null}
    </div>
  );
}
