import { Settings, ShieldCheck, Wrench } from "lucide-react";
import { Link } from "react-router";
import { focusRing, iconButtonClass } from "#app/ui/button-styles.ts";

const linkClass = `inline-flex items-center gap-1.5 rounded-md px-2 py-1.5 text-sm font-medium text-stone-800 hover:bg-stone-100 hover:text-emerald-900 ${focusRing}`;

/** Spec §6: the "Administração" label, the admin and maintenance panel links and the customise-product settings icon. */
export default function AdminNav({ layout }: { layout: "bar" | "menu" }) {
  return (
    <nav
      aria-label="Administração"
      className={layout === "bar" ? "flex items-center gap-1" : "mt-4 flex flex-wrap items-center gap-2 border-t border-stone-200 pt-4"}
    >
      <span className="px-1 text-xs font-semibold tracking-wide text-emerald-800 uppercase">Administração</span>
      <Link to="/admin" className={linkClass}>
        <ShieldCheck aria-hidden="true" className="size-4" />
        Painel admin
      </Link>
      <Link to="/maintenance-panel" className={linkClass}>
        <Wrench aria-hidden="true" className="size-4" />
        Manutenção
      </Link>
      <Link to="/customizar-produto" aria-label="Personalizar produto" title="Personalizar produto" className={iconButtonClass}>
        <Settings aria-hidden="true" className="size-5" />
      </Link>
    </nav>
  );
}
