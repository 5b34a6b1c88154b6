import { Cookie } from "lucide-react";
import { Link } from "react-router";
import { useOpenCookiePreferences } from "#app/features/consent/cookie-preferences.tsx";
import { SupportPopover } from "#app/features/support/support-popover.tsx";
import type { PublicConfig } from "#platform/public-config.ts";
import { buttonClass, focusRing } from "#app/ui/button-styles.ts";

const FOOTER_LINKS = [
  { to: "/", label: "Início" },
  { to: "/privacidade", label: "Privacidade" },
  { to: "/termos", label: "Termos" },
  { to: "/cookies", label: "Cookies" },
] as const;

/** Spec §2 footer: legal links, the cookie choices and the Atendimento popover. */
export function SiteFooter({ publicConfig }: { publicConfig?: PublicConfig }) {
  const openCookiePreferences = useOpenCookiePreferences();
  return (
    <footer className="border-t border-stone-200 bg-white">
      <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8 md:flex-row md:items-start md:justify-between">
        <nav aria-label="Rodapé">
          <ul className="flex flex-wrap gap-x-5 gap-y-2 text-sm font-medium">
            {FOOTER_LINKS.map((link) => (
              <li key={link.to}>
                <Link
                  to={link.to}
                  className={`rounded text-stone-800 underline-offset-4 hover:text-emerald-800 hover:underline ${focusRing}`}
                >
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex flex-wrap gap-3">
          <button type="button" onClick={openCookiePreferences} className={buttonClass("secondary")}>
            <Cookie aria-hidden="true" className="size-4" />
            Preferências de cookies
          </button>
          {/* Without configuration (an error screen before the root loader ran) there is no number to call. */}
          {publicConfig ? <SupportPopover whatsappNumber={publicConfig.supportWhatsapp} /> : null}
        </div>
      </div>
      <div className="border-t border-stone-100">
        <div className="mx-auto max-w-6xl space-y-1 px-4 py-4 text-xs text-stone-600">
          <p>Venda exclusiva para maiores de 18 anos. Produtos destinados somente a pesquisa, estudo e coleção.</p>
          {publicConfig ? (
            <p>
              {publicConfig.legal.name} · CNPJ {publicConfig.legal.cnpj} · {publicConfig.legal.address}
            </p>
          ) : null}
        </div>
      </div>
    </footer>
  );
}
