/**
 * The sections of /admin (issue 17): one page, a section per `?secao=`, so the owner's phone keeps
 * one address to bookmark and the back button walks the sections. `?order=` and `?status=` (spec
 * §2, the notifications' links) still open the orders. Products live at /customizar-produto.
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
  "configuracoes",
] as const;
export type AdminSection = (typeof ADMIN_SECTIONS)[number];

/** The navigation, in the owner's order of use: label and where it goes. */
export const ADMIN_NAVIGATION: ReadonlyArray<{ label: string; href: string; section: AdminSection | null }> = [
  { label: "Painel", href: "/admin", section: "painel" },
  { label: "Pedidos", href: "/admin?secao=pedidos", section: "pedidos" },
  { label: "Clientes", href: "/admin?secao=clientes", section: "clientes" },
  { label: "Devoluções", href: "/admin?secao=devolucoes", section: "devolucoes" },
  { label: "Reembolsos", href: "/admin?secao=reembolsos", section: "reembolsos" },
  { label: "Produtos", href: "/customizar-produto", section: null },
  { label: "Avaliações", href: "/admin?secao=avaliacoes", section: "avaliacoes" },
  { label: "Frete", href: "/admin?secao=frete", section: "frete" },
  { label: "Cupons", href: "/admin?secao=cupons", section: "cupons" },
  { label: "Auditoria", href: "/admin?secao=auditoria", section: "auditoria" },
  { label: "Configurações", href: "/admin?secao=configuracoes", section: "configuracoes" },
];

/** Which section a URL shows; an unknown `secao` shows the dashboard rather than an error. */
export function adminSectionOf(params: URLSearchParams): AdminSection {
  if (params.has("order") || params.has("status")) return "pedidos";
  const section = params.get("secao");
  return (ADMIN_SECTIONS as readonly string[]).includes(section ?? "") ? (section as AdminSection) : "painel";
}

/** A positive page number from `?pagina=`; anything else is the first page. */
export function pageOf(params: URLSearchParams): number {
  const page = Number(params.get("pagina"));
  return Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1;
}

/** The address of `section` with these extra parameters (empty ones left out). */
export function sectionHref(section: AdminSection, extra: Record<string, string | number | null | undefined> = {}): string {
  const params = new URLSearchParams();
  if (section !== "painel") params.set("secao", section);
  for (const [name, value] of Object.entries(extra))
    if (value !== null && value !== undefined && value !== "") params.set(name, String(value));
  const query = params.toString();
  return query ? `/admin?${query}` : "/admin";
}
