import { useSearchParams } from "react-router";
import { Toaster } from "sonner";
import type { PublicConfig } from "~/lib/public-config";

/** Spec §2 layout: header (unless hideHeader=true), main content, footer, gate, toasts. */
export function Shell({ publicConfig, children }: { publicConfig?: PublicConfig; children: React.ReactNode }) {
  const [searchParams] = useSearchParams();
  const hideHeader = searchParams.get("hideHeader") === "true";
  return (
    <div className="flex min-h-screen flex-col">
      {hideHeader ? null : <header className="border-b bg-white p-4">Loja</header>}
      <main id="conteudo" className="flex-1">
        {children}
      </main>
      <footer className="border-t bg-white p-4">{publicConfig?.legal.name}</footer>
      <Toaster duration={3000} visibleToasts={5} position="top-center" />
    </div>
  );
}
