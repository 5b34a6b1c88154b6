import type { HealthLevel } from "#domain/maintenance/maintenance-schemas.ts";

/*
 * The marks are characters, not lucide icons: every lucide icon the shop uses lands in the one
 * shared icons chunk every page loads (vite.config.ts), and the storefront should not carry the
 * admin's.
 */
const LOOK: Record<HealthLevel, { word: string; mark: string; className: string }> = {
  green: { word: "OK", mark: "✓", className: "border-emerald-300 bg-emerald-50 text-emerald-900" },
  amber: { word: "Atenção", mark: "!", className: "border-amber-300 bg-amber-50 text-amber-950" },
  red: { word: "Problema", mark: "✕", className: "border-red-300 bg-red-50 text-red-900" },
};

/** Green, amber or red at a glance, said in a word and a mark too (never by colour alone). */
export function HealthLevelBadge({ level }: { level: HealthLevel }) {
  const { word, mark, className } = LOOK[level];
  return (
    <span className={`inline-flex items-center gap-1.5 rounded-full border px-3 py-1 text-sm font-semibold ${className}`}>
      <span aria-hidden="true" className="font-bold">
        {mark}
      </span>
      {word}
    </span>
  );
}
