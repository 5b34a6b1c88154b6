import spriteUrl from "#app/features/catalog/detail-icons.svg?no-inline";
import type { DetailIcon as DetailIconName } from "#domain/catalog/catalog-types.ts";

/** The sprite's symbols, by the catalogue's names (a new name fails the typecheck until it has one). */
const IN_SPRITE: Record<DetailIconName, true> = {
  package: true,
  thermometer: true,
  shield: true,
  truck: true,
  video: true,
  calendar: true,
  file: true,
  users: true,
  clock: true,
  book: true,
  download: true,
  microscope: true,
};

/**
 * A product detail's icon, drawn from one SVG sprite (detail-icons.svg, lucide's drawings, written
 * by scripts/detail-icons-sprite.ts) rather than twelve icon modules in the product page's
 * JavaScript (decision 035): the same `<svg>` box, stroke and classes as the lucide icons around it.
 */
export function DetailIcon({ icon, className }: { icon: DetailIconName; className: string }) {
  // An unknown name (data older than this list) draws a check, as before.
  const id = Object.hasOwn(IN_SPRITE, icon) ? icon : "check";
  return (
    <svg
      aria-hidden="true"
      width="24"
      height="24"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      className={`lucide lucide-${id} ${className}`}
    >
      <use href={`${spriteUrl}#${id}`} />
    </svg>
  );
}
