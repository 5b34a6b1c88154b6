import type { PopoverTriggerProps } from "#app/ui/popover.tsx";
import { useOnFirstUse } from "#app/ui/use-on-first-use.ts";

/** A module whose default export renders a Popover (with the given trigger) and its panel. */
type PanelModule<P> = { default: React.ComponentType<P & PopoverTriggerProps & { defaultOpen: boolean }> };

/**
 * A popover whose code (app/ui/popover.tsx and the panel's content) loads on its first opening,
 * not with every page: the footer's Atendimento and a visitor's bell are on every page and rarely
 * opened (decision 038). Until then its button is the one a closed Popover renders (same markup,
 * aria-haspopup, aria-expanded, data-state), on the server too; the first click, Enter or Space
 * loads `load`'s module, which then renders the Popover open in the button's place: focus moves
 * into the panel and Escape gives it back to the button, as with an eager Popover.
 */
export function PopoverOnDemand<P extends object>({
  load,
  panelProps,
  ...trigger
}: PopoverTriggerProps & { load: () => Promise<PanelModule<P>>; panelProps: P }) {
  const [Loaded, request] = useOnFirstUse(load, "Não foi possível abrir este painel");
  if (Loaded) return <Loaded {...panelProps} {...trigger} defaultOpen />;
  return (
    <div className="relative flex">
      <button
        type="button"
        aria-haspopup="dialog"
        aria-expanded={false}
        aria-label={trigger.triggerLabel}
        aria-describedby={trigger.triggerDescribedBy}
        data-state="closed"
        onClick={() => request()}
        className={trigger.triggerClassName}
      >
        {trigger.trigger}
      </button>
    </div>
  );
}
