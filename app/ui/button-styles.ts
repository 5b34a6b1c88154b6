/**
 * Class names for buttons and links that look like buttons, so a `<Link>`, an `<a>` and a
 * `<button>` share one look without a wrapper component each.
 */
export const focusRing = "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700";

const base = `inline-flex items-center justify-center gap-2 rounded-lg px-4 py-2.5 text-sm font-semibold transition-colors disabled:cursor-not-allowed ${focusRing}`;

const variants = {
  primary: "bg-emerald-800 text-white hover:bg-emerald-900 disabled:bg-stone-300 disabled:text-stone-600",
  secondary: "border border-stone-300 bg-white text-stone-900 hover:bg-stone-100 disabled:text-stone-400",
  ghost: "text-stone-800 hover:bg-stone-100",
} as const;

export type ButtonVariant = keyof typeof variants;

export function buttonClass(variant: ButtonVariant = "primary", extra = ""): string {
  return `${base} ${variants[variant]} ${extra}`.trim();
}

/** Square icon-only buttons of the header (44 px: a comfortable touch target). */
export const iconButtonClass = `relative inline-flex size-11 items-center justify-center rounded-full text-stone-800 hover:bg-stone-100 ${focusRing}`;
