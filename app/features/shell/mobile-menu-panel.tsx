import { useId } from "react";
import { Link } from "react-router";
import { AdminLinks } from "#app/features/auth/admin-links.tsx";
import { SearchForm } from "#app/features/search/search-form.tsx";
import { focusRing } from "#app/ui/button-styles.ts";
import { AuthButton } from "#app/features/shell/auth-button.tsx";
import { LogoLink } from "#app/features/shell/logo-link.tsx";
import { CATEGORY_LINKS, CONTENT_SECTIONS } from "#app/shared/site-sections.ts";

/** The account's own pages, for a signed-in customer (the button above opens the same panel and "Sair"). */
const ACCOUNT_LINKS = [
  { to: "/cliente", label: "Meus pedidos" },
  { to: "/cliente/notificacoes", label: "Notificações" },
  { to: "/cliente/enderecos", label: "Endereços" },
  { to: "/cliente/perfil", label: "Perfil" },
] as const;

const linkClass = `block rounded-lg px-3 py-2.5 text-base font-medium text-stone-800 hover:bg-emerald-50 hover:text-emerald-900 ${focusRing}`;
const headingClass = "px-3 text-xs font-semibold tracking-wide text-stone-600 uppercase";

function LinkGroup({ title, links }: { title: string; links: ReadonlyArray<{ to: string; label: string }> }) {
  const headingId = useId();
  return (
    <nav aria-labelledby={headingId} className="mt-4 border-t border-stone-200 pt-4">
      <p id={headingId} className={headingClass}>
        {title}
      </p>
      <ul className="mt-1 grid grid-cols-2 gap-x-2">
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className={linkClass}>
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The phone menu's panel, loaded on the toggle's first use (mobile-menu.tsx, decision 038); kept, hidden, once closed. */
export default function MobileMenuPanel({ id, open, userEmail }: { id: string; open: boolean; userEmail?: string | null }) {
  return (
    <div
      id={id}
      hidden={!open}
      // Never taller than the screen under the header: a long menu scrolls inside itself.
      className="absolute inset-x-0 top-full max-h-[calc(100dvh-4rem)] overflow-y-auto overscroll-contain border-b border-stone-200 bg-white px-4 py-4 shadow-md"
    >
      <div className="flex items-center justify-between gap-4">
        <LogoLink />
        <AuthButton email={userEmail} />
      </div>
      <SearchForm label="Buscar na loja" className="mt-4 flex" />
      <LinkGroup title="Categorias" links={CATEGORY_LINKS} />
      <LinkGroup title="Conteúdo" links={CONTENT_SECTIONS} />
      {userEmail ? <LinkGroup title="Sua conta" links={ACCOUNT_LINKS} /> : null}
      <AdminLinks layout="menu" />
    </div>
  );
}
