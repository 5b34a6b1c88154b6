import { useEffect, useState } from "react";
import { isIos, isStandalone, registerWorker, useBrowserFact } from "#app/features/push/this-device.ts";
import { buttonClass } from "#app/ui/button-styles.ts";
import { AUTH_CHANGE_EVENT } from "#app/features/auth/auth-context.tsx";
import { forgetOrdersSeen } from "#app/lib/orders-seen.ts";

/** Chrome's install offer, kept until the owner taps "Instalar" (not in TypeScript's DOM types). */
type InstallPrompt = Event & { prompt(): Promise<void>; userChoice: Promise<{ outcome: "accepted" | "dismissed" }> };

/**
 * On every admin page (issue 31 item 1): registers the owner's service worker (after the page is
 * up; the storefront never does), offers "Instalar" where the browser allows it, and tells iPhone
 * owners how to add the app to the Home Screen. Shows nothing once installed. A sign-out from an
 * admin page deletes the orders list kept for the offline page (decision 082): done here, not in
 * the sign-out itself, so the storefront's JavaScript carries none of it.
 */
export function OwnerAppBar() {
  const [offer, setOffer] = useState<InstallPrompt | null>(null);
  const iphone = useBrowserFact(() => isIos() && !isStandalone(), false);

  useEffect(() => {
    const forget = (event: Event) => {
      if ((event as CustomEvent<{ event?: string }>).detail?.event === "SIGNED_OUT") void forgetOrdersSeen();
    };
    window.addEventListener(AUTH_CHANGE_EVENT, forget);
    return () => window.removeEventListener(AUTH_CHANGE_EVENT, forget);
  }, []);

  useEffect(() => {
    void registerWorker("/admin")?.catch(() => undefined);
    if (isStandalone()) return;
    const keep = (event: Event) => {
      event.preventDefault();
      setOffer(event as InstallPrompt);
    };
    const installed = () => setOffer(null);
    window.addEventListener("beforeinstallprompt", keep);
    window.addEventListener("appinstalled", installed);
    return () => {
      window.removeEventListener("beforeinstallprompt", keep);
      window.removeEventListener("appinstalled", installed);
    };
  }, []);

  async function install() {
    if (!offer) return;
    await offer.prompt();
    await offer.userChoice;
    setOffer(null);
  }

  if (offer) {
    return (
      <aside
        aria-label="App da loja"
        className="flex flex-wrap items-center justify-between gap-3 rounded-xl bg-emerald-50 p-3 text-sm text-stone-900"
      >
        <p>Instale a administração como app: abre direto nos pedidos e recebe notificações.</p>
        <button type="button" className={buttonClass("primary", "min-h-11")} onClick={install}>
          Instalar
        </button>
      </aside>
    );
  }
  if (iphone) {
    return (
      <aside aria-label="App da loja" className="rounded-xl bg-emerald-50 p-3 text-sm text-stone-900">
        <p>
          No iPhone: toque em <strong>Compartilhar</strong> e depois em <strong>Adicionar à Tela de Início</strong>. Abra a loja pelo ícone
          para receber notificações.
        </p>
      </aside>
    );
  }
  return null;
}
