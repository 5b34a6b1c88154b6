import { Bell } from "lucide-react";
import { useId } from "react";
import { iconButtonClass } from "#app/ui/button-styles.ts";
import { CountBadge } from "#app/ui/count-badge.tsx";
import { Popover } from "#app/ui/popover.tsx";

/** Spec §9: the badge shows "9+" above 9. */
const NOTIFICATION_BADGE_MAX = 9;

function describeUnread(unread: number): string {
  if (unread <= 0) return "Nenhuma não lida";
  return unread === 1 ? "1 não lida" : `${unread} não lidas`;
}

type NotificationBellProps = {
  unread: number;
  /** The notification list; the notifications feature passes it. */
  children?: React.ReactNode;
  onOpenChange?: (open: boolean) => void;
};

/** The header bell: an unread badge and a panel for the list. */
export function NotificationBell({ unread, children, onOpenChange }: NotificationBellProps) {
  const descriptionId = useId();
  const titleId = useId();
  return (
    <Popover
      onOpenChange={onOpenChange}
      triggerLabel="Notificações"
      triggerDescribedBy={descriptionId}
      triggerClassName={iconButtonClass}
      trigger={
        <>
          <Bell aria-hidden="true" className="size-6" />
          <CountBadge count={unread} max={NOTIFICATION_BADGE_MAX} />
          <span id={descriptionId} className="sr-only">
            {describeUnread(unread)}
          </span>
        </>
      }
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
