import { Bell } from "lucide-react";
import { useId } from "react";
import { iconButtonClass } from "#app/ui/button-styles.ts";
import { CountBadge } from "#app/ui/count-badge.tsx";
import { PopoverOnDemand } from "#app/ui/popover-on-demand.tsx";

/** Spec §9: the badge shows "9+" above 9. */
const NOTIFICATION_BADGE_MAX = 9;

const loadPanel = () => import("#app/features/notifications/notification-bell-panel.tsx");

function describeUnread(unread: number): string {
  if (unread <= 0) return "Nenhuma não lida";
  return unread === 1 ? "1 não lida" : `${unread} não lidas`;
}

type NotificationBellProps = {
  unread: number;
  /** The notification list; the notifications feature passes it. */
  children?: React.ReactNode;
};

/**
 * The header bell: an unread badge and a panel for the list. A visitor has no notifications, so
 * the panel's code loads on the bell's first use (decision 038), as the list's does (decision 035).
 */
export function NotificationBell({ unread, children }: NotificationBellProps) {
  const descriptionId = useId();
  return (
    <PopoverOnDemand
      load={loadPanel}
      panelProps={{ children }}
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
    />
  );
}
