import { useCallback, useState } from "react";
import { toast } from "#app/ui/toast.tsx";

/**
 * A component whose code loads when it is first asked for (a panel opened by a button, decision
 * 038), not with the page. `request(then)` loads it (at once when it already has), then runs `then`
 * in the same update, so the first click both loads and opens. Offline before the first use, a
 * toast says so instead of the button doing nothing.
 */
export function useOnFirstUse<C>(load: () => Promise<{ default: C }>, failure: string) {
  const [loaded, setLoaded] = useState<C | null>(null);
  const request = useCallback(
    (then?: () => void) =>
      void load().then(
        (module) => {
          // A component in state must be wrapped, or React would call it as an updater.
          setLoaded(() => module.default);
          then?.();
        },
        () => toast.error(failure, { description: "Verifique sua conexão e tente novamente." }),
      ),
    [load, failure],
  );
  return [loaded, request] as const;
}
