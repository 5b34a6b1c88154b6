import { buttonClass } from "#app/ui/button-styles.ts";
import { FormMessage } from "#app/ui/field.tsx";

/**
 * What a panel shows when reading its data failed (issues 30 to 32: every owner screen has an error
 * state): the Portuguese message, announced, and "Tentar de novo", which reads again at once. A
 * panel that only said it failed left the owner reloading the whole page, or waiting for a poll
 * she cannot see. The button stays enabled while a try is on its way (a disabled button would
 * drop the keyboard's focus); a second tap only starts the read again.
 */
export function LoadFailure({ children, onRetry }: { children: React.ReactNode; onRetry: () => void }) {
  return (
    <div className="space-y-2">
      <FormMessage kind="error">{children}</FormMessage>
      <button type="button" className={buttonClass("secondary", "min-h-11")} onClick={onRetry}>
        Tentar de novo
      </button>
    </div>
  );
}
