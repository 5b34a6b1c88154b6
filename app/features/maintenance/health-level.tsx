import { CircleAlert, CircleCheck, CircleX } from "lucide-react";
import type { HealthLevel } from "#domain/maintenance/maintenance-schemas.ts";

const LOOK: Record<HealthLevel, { word: string; className: string; Icon: typeof CircleCheck }> = {
  green: { word: "OK", className: "border-emerald-300 bg-emerald-50 text-emerald-900", Icon: CircleCheck },
  amber: { word: "Atenção", className: "border-amber-300 bg-amber-50 text-amber-950", Icon: CircleAlert },
  red: { word: "Problema", className: "border-red-300 bg-red-50 text-red-900", Icon: CircleX },
};

/** Green, amber or red at a glance, said in a word and an icon too (never by colour alone). */
export function HealthLevelBadge({ level }: { level: HealthLevel }) {
  const { word, className, Icon } = LOOK[level];
  return (
    <span className={`inline-flex items-center gap-1.5 rounded-full border px-3 py-1 text-sm font-semibold ${className}`}>
      <Icon aria-hidden="true" className="size-4" />
      {word}
    </span>
  );
}
