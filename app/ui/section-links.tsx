import { Link } from "react-router";
import { focusRing } from "#app/ui/button-styles.ts";

/**
 * The sections of an owner's page (/admin, /maintenance-panel) as a named navigation. On a phone
 * the links wrap onto more rows rather than scroll sideways, so every section is in sight and
 * reachable by Tab in order; the current one is marked for screen readers (aria-current) and by
 * colour and weight for the eye.
 */
export function SectionLinks({ label, links }: { label: string; links: ReadonlyArray<{ label: string; href: string; current: boolean }> }) {
  return (
    <nav aria-label={label}>
      <ul className="flex flex-wrap gap-2">
        {links.map((link) => (
          <li key={link.href}>
            <Link
              to={link.href}
              aria-current={link.current ? "page" : undefined}
              className={`inline-flex h-11 items-center rounded-full border px-4 text-sm font-semibold ${focusRing} ${
                link.current
                  ? "border-emerald-800 bg-emerald-800 text-white"
                  : "border-stone-300 bg-white text-stone-900 hover:bg-stone-100"
              }`}
            >
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
