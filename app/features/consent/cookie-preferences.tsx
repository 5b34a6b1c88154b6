import { createContext, useCallback, useContext, useRef, useState } from "react";
import { toast } from "#app/ui/toast.tsx";
import type CookiePreferencesDialog from "#app/features/consent/cookie-preferences-dialog.tsx";

type DialogComponent = typeof CookiePreferencesDialog;

/** Opens the one cookie preference dialog from anywhere (the footer, the /cookies page). */
const OpenContext = createContext<() => void>(() => {});

export function useOpenCookiePreferences(): () => void {
  return useContext(OpenContext);
}

/**
 * Holds the dialog once for the whole page, so every trigger opens the same one. Its code (Radix
 * Dialog and Switch) is fetched on the first opening, not with every page (decision 006).
 */
export function CookiePreferencesProvider({ children }: { children: React.ReactNode }) {
  const [LoadedDialog, setLoadedDialog] = useState<DialogComponent | null>(null);
  const [open, setOpen] = useState(false);
  // The dialog is unmounted when it closes, so focus would fall to the page: give it back to the trigger.
  const trigger = useRef<HTMLElement | null>(null);
  const openDialog = useCallback(() => {
    trigger.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    import("#app/features/consent/cookie-preferences-dialog.tsx").then(
      (module) => {
        // A function in state must be wrapped, or React would call it as an updater.
        setLoadedDialog(() => module.default);
        setOpen(true);
      },
      // Offline before the first opening: say so instead of doing nothing.
      () => toast.error("Não foi possível abrir as preferências de cookies", { description: "Verifique sua conexão e tente novamente." }),
    );
  }, []);
  const onOpenChange = useCallback((next: boolean) => {
    setOpen(next);
    if (!next) requestAnimationFrame(() => trigger.current?.isConnected && trigger.current.focus());
  }, []);
  return (
    <OpenContext value={openDialog}>
      {children}
      {open && LoadedDialog ? <LoadedDialog onOpenChange={onOpenChange} /> : null}
    </OpenContext>
  );
}
