/** "9+" above the limit (spec §9 for notifications); nothing at all for zero. */
export function formatBadgeCount(count: number, max = 9): string {
  if (!Number.isFinite(count) || count <= 0) return "";
  return count > max ? `${max}+` : String(Math.floor(count));
}

/**
 * The small number on an icon button. Decorative only: the button says the count to screen
 * readers itself (see its description), so the badge is hidden from them.
 */
export function CountBadge({ count, max = 9 }: { count: number; max?: number }) {
  const text = formatBadgeCount(count, max);
  if (!text) return null;
  return (
    <span
      aria-hidden="true"
      className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-red-700 px-1 text-center text-[11px] leading-5 font-bold text-white"
    >
      {text}
    </span>
  );
}
