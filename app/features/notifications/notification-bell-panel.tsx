import { useId } from "react";
import { Popover, type PopoverTriggerProps } from "#app/ui/popover.tsx";

/** The bell's popover with its panel: loaded on the bell's first use (notification-bell.tsx, decision 038). */
export default function NotificationBellPanel({
  children,
  ...trigger
}: PopoverTriggerProps & { children?: React.ReactNode; defaultOpen: boolean }) {
  const titleId = useId();
  return (
    <Popover
      {...trigger}
      labelledBy={titleId}
      className="z-40 w-80 max-w-[calc(100vw-1.5rem)] rounded-2xl border border-stone-200 bg-white p-4 shadow-xl"
    >
      <h2 id={titleId} className="text-base font-bold text-stone-950">
        Notificações
      </h2>
      <div className="mt-2 text-sm text-stone-700">{children ?? <p>Nenhuma notificação por enquanto.</p>}</div>
    </Popover>
  );
}
