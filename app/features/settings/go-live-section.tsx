import { AdminSectionFrame } from "#app/features/admin/admin-shell.tsx";
import { GoLiveList } from "#app/features/settings/go-live-list.tsx";

/** /maintenance-panel/abertura: the go-live check (decision 056), the same items as `npm run doctor`. */
export function GoLiveSection() {
  return (
    <AdminSectionFrame title="Verificação para abrir a loja">
      <p className="text-sm text-stone-700">
        O que uma loja de verdade precisa antes de abrir. As configurações da loja ficam em{" "}
        <a href="/admin/configuracoes" className="underline">
          Administração → Configurações
        </a>
        ; no servidor, <code>npm run doctor</code> mostra a mesma lista.
      </p>
      <GoLiveList />
    </AdminSectionFrame>
  );
}
