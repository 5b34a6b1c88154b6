import { useRouteLoaderData } from "react-router";

/**
 * What the owner sees at the top of the admin and the maintenance panel while an item of the go-live
 * check is red (decision 056): a shop that takes Pix into the example key must not look finished.
 * Inside the page's main content (after the skip link), so it is read in order and never a
 * landmark of its own. The root loader says whether to show it (admins only).
 */
export function GoLiveBanner() {
  const root = useRouteLoaderData("root") as { notReady?: boolean } | undefined;
  if (root?.notReady !== true) return null;
  return (
    <p className="rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm font-semibold text-red-950">
      A loja ainda não está pronta para abrir: há itens pendentes na verificação.{" "}
      <a href="/admin/configuracoes" className="underline">
        Ver o que falta
      </a>
    </p>
  );
}
