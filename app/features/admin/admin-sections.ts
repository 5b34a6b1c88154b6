/**
 * The sections of /admin (issue 17): each at its own readable address, /admin/<section> (issue 27,
 * decision 047), so the owner's phone can bookmark one and the back button walks the sections.
 * The dashboard is /admin itself. Spec §2's `/admin?order=ID` opens that order wherever it is
 * asked, and the notifications' `?status=` opens the orders; the addresses of before (`?secao=`)
 * are sent on to the new ones. Products live at /customizar-produto (/admin/produtos leads there).
 */

export const ADMIN_SECTIONS = [
  "painel",
  "pedidos",
  "clientes",
  "devolucoes",
  "reembolsos",
  "frete",
  "auditoria",
  "cupons",
  "avaliacoes",
] as const;
export type AdminSection = (typeof ADMIN_SECTIONS)[number];

/** The product editor's own page (spec §2), which /admin/produtos leads to. */
export const PRODUCTS_PATH = "/customizar-produto";

/** The navigation, in the owner's order of use: label and where it goes. */
export const ADMIN_NAVIGATION: ReadonlyArray<{ label: string; href: string; section: AdminSection | null }> = [
  { label: "Painel", href: "/admin", section: "painel" },
  { label: "Pedidos", href: "/admin/pedidos", section: "pedidos" },
  { label: "Clientes", href: "/admin/clientes", section: "clientes" },
  { label: "Devoluções", href: "/admin/devolucoes", section: "devolucoes" },
  { label: "Reembolsos", href: "/admin/reembolsos", section: "reembolsos" },
  { label: "Produtos", href: PRODUCTS_PATH, section: null },
  { label: "Avaliações", href: "/admin/avaliacoes", section: "avaliacoes" },
  { label: "Frete", href: "/admin/frete", section: "frete" },
  { label: "Cupons", href: "/admin/cupons", section: "cupons" },
  { label: "Auditoria", href: "/admin/auditoria", section: "auditoria" },
];

const isSection = (value: string | null | undefined): value is AdminSection => (ADMIN_SECTIONS as readonly string[]).includes(value ?? "");

/**
 * What an /admin address shows: a section, the address to send it on to (an address of before
 * this layout, or /admin/produtos), or nothing (an unknown section: 404). `?order=` opens the
 * orders from any section, and `?status=` from /admin (spec §2, the notifications); an unknown
 * `?secao=` goes to the dashboard rather than to an error.
 */
export function adminRouteOf(segment: string | undefined, url: URL): { section: AdminSection } | { redirectTo: string } | null {
  const params = url.searchParams;
  if (segment === "produtos") return { redirectTo: PRODUCTS_PATH + url.search };
  if (segment !== undefined && !isSection(segment)) return null;
  if (!segment && params.has("secao")) {
    const secao = params.get("secao");
    const rest = new URLSearchParams(params);
    rest.delete("secao");
    const target = params.has("order") || params.has("status") ? "pedidos" : isSection(secao) ? secao : "painel";
    return { redirectTo: sectionHref(target, Object.fromEntries(rest)) };
  }
  if (params.has("order") || (!segment && params.has("status"))) return { section: "pedidos" };
  return { section: segment ?? "painel" };
}

/** A positive page number from `?pagina=`; anything else is the first page. */
export function pageOf(params: URLSearchParams): number {
  const page = Number(params.get("pagina"));
  return Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1;
}

/** The address of `section` with these extra parameters (empty ones left out). */
export function sectionHref(section: AdminSection, extra: Record<string, string | number | null | undefined> = {}): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(extra))
    if (value !== null && value !== undefined && value !== "") params.set(name, String(value));
  const path = section === "painel" ? "/admin" : `/admin/${section}`;
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}
