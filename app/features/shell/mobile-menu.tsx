import { Menu, X } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Link, useLocation } from "react-router";
import { AdminLinks } from "#app/features/auth/admin-links.tsx";
import { SearchForm } from "#app/features/search/search-form.tsx";
import { focusRing, iconButtonClass } from "#app/ui/button-styles.ts";
import { AuthButton } from "#app/features/shell/auth-button.tsx";
import { LogoLink } from "#app/features/shell/logo-link.tsx";
import { CATEGORY_LINKS, CONTENT_SECTIONS } from "#app/features/shell/site-sections.ts";

/** The account's own pages, for a signed-in customer (the button above opens the same panel and "Sair"). */
const ACCOUNT_LINKS = [
  { to: "/cliente", label: "Meus pedidos" },
  { to: "/cliente?aba=notificacoes", label: "Notificações" },
  { to: "/cliente?aba=enderecos", label: "Endereços" },
  { to: "/cliente?aba=perfil", label: "Perfil" },
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

/**
 * The phone's menu (below `md`): a disclosure (WAI-ARIA's pattern, not a menu widget: plain links
 * a screen reader lists as such). The button says expanded or not and names the panel; the panel
 * follows it in the DOM, so Tab walks straight in; Escape closes from anywhere and gives focus back
 * to the button; any navigation closes it. Plain server-rendered links: it costs a few hundred bytes
 * of script, the state and the Escape key.
 */
export function MobileMenu({ userEmail }: { userEmail?: string | null }) {
  const location = useLocation();
  const menuId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  // The menu belongs to the history entry it was opened on, so any navigation closes it.
  const [openOnKey, setOpenOnKey] = useState<string | null>(null);
  const open = openOnKey === location.key;

  useEffect(() => {
    if (!open) return;
    const closeOnEscape = (event: KeyboardEvent) => {
      // A popover open inside the menu (the account's) handles its own Escape first.
      if (event.key !== "Escape" || event.defaultPrevented) return;
      setOpenOnKey(null);
      toggleRef.current?.focus();
    };
    document.addEventListener("keydown", closeOnEscape);
    return () => document.removeEventListener("keydown", closeOnEscape);
  }, [open]);

  return (
    <div className="md:hidden">
      <button
        ref={toggleRef}
        type="button"
        aria-label="Abrir menu"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpenOnKey(open ? null : location.key)}
        className={iconButtonClass}
      >
        {open ? <X aria-hidden="true" className="size-6" /> : <Menu aria-hidden="true" className="size-6" />}
      </button>
      <div
        id={menuId}
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
    </div>
  );
}
