/**
 * What an admin sees on every page while the shop is in maintenance (decision 024): visitors and
 * customers get the maintenance page instead, so without it an admin could forget it is on.
 * Plain markup and a plain link, outside the island's root: island pages hydrate without it.
 */
export function MaintenanceBanner() {
  return (
    <div role="region" aria-label="Aviso de manutenção" className="bg-amber-300 px-4 py-2 text-center text-sm font-semibold text-stone-950">
      Loja em manutenção: só administradores veem as páginas.{" "}
      <a href="/maintenance-panel/manutencao" className="underline">
        Desligar no painel
      </a>
    </div>
  );
}
