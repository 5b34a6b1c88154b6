import { MessageCircle } from "lucide-react";
import { buttonClass } from "#app/ui/button-styles.ts";
import { PopoverOnDemand } from "#app/ui/popover-on-demand.tsx";

const loadPanel = () => import("#app/features/support/support-panel.tsx");

/** The footer's Atendimento button; its popover's code loads on the first opening (decision 038). */
export function SupportPopover({ whatsappNumber }: { whatsappNumber: string }) {
  return (
    <PopoverOnDemand
      load={loadPanel}
      panelProps={{ whatsappNumber }}
      triggerClassName={buttonClass("secondary")}
      trigger={
        <>
          <MessageCircle aria-hidden="true" className="size-4" />
          Atendimento
        </>
      }
    />
  );
}
