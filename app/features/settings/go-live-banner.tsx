/**
 * What an admin sees on every page while an item of the go-live check is red (decision 056): a shop
 * that takes Pix into the example key must not look finished. Plain markup, outside the island's root.
 */
export function GoLiveBanner() {
  return (
    <div role="region" aria-label="Aviso de configuração" className="bg-red-100 px-4 py-2 text-center text-sm font-semibold text-red-950">
      A loja ainda não está pronta para abrir.{" "}
      <a href="/admin?secao=configuracoes" className="underline">
        Ver o que falta
      </a>
    </div>
  );
}
