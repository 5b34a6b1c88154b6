import { createElement, forwardRef, type ReactNode, type SVGProps } from "react";

/** An icon's drawing as lucide-react's icon modules describe it. */
type IconData = { name: string; size?: number; aliases?: string[]; node: Array<[string, Record<string, string>]> };
type IconProps = SVGProps<SVGSVGElement> & { size?: number | string; color?: string; children?: ReactNode };

/**
 * Stands in for lucide-react's `createLucideIcon` in every build (vite.config.ts's
 * `lucideIcons()`, server and browser alike, so hydration sees the same markup): the same `<svg>`
 * for the way the shop uses icons (a class, `aria-hidden`, a size), without lucide's generic
 * runtime (context provider, absolute stroke widths, attribute renaming): ~2.5 KB less gzipped
 * JavaScript on every page (decision 035). The icons' drawings are still lucide's own modules.
 */
export default function createLucideIcon(data: IconData) {
  const viewBox = `0 0 ${data.size ?? 24} ${data.size ?? 24}`;
  const iconClasses = ["lucide", `lucide-${data.name}`, ...(data.aliases ?? []).map((alias) => `lucide-${alias}`)];
  const Icon = forwardRef<SVGSVGElement, IconProps>(function Icon(
    { className = "", size = 24, color, strokeWidth = 2, children, ...rest },
    ref,
  ) {
    // Like lucide: an icon nobody named is decoration, hidden from screen readers.
    const named =
      Boolean(children) ||
      Object.entries(rest).some(([key, value]) => (key.startsWith("aria-") || key === "role" || key === "title") && value != null);
    return createElement(
      "svg",
      {
        ref,
        xmlns: "http://www.w3.org/2000/svg",
        width: size,
        height: size,
        viewBox,
        fill: "none",
        stroke: color ?? "currentColor",
        strokeWidth,
        strokeLinecap: "round",
        strokeLinejoin: "round",
        className: [...new Set([...iconClasses, ...className.split(" ").filter(Boolean)])].join(" "),
        ...(named ? {} : { "aria-hidden": "true" }),
        ...rest,
      },
      ...data.node.map(([tag, attributes]) => createElement(tag, attributes)),
      children,
    );
  });
  Icon.displayName = data.name;
  return Icon;
}
