import { useEffect } from "react";
import { useRevalidator } from "react-router";
import { buildPath, type CallInput } from "#app/lib/api-client.ts";
import type { clientErrorsContract } from "#server/contracts/client-errors.ts";
import { clientErrorsRoutes } from "#server/contracts/client-errors.routes.ts";

function describe(error: unknown): { message: string; stack?: string } {
  if (error instanceof Error) return { message: error.message || error.name, stack: error.stack };
  return { message: typeof error === "string" ? error : "Erro desconhecido" };
}

/** The global error screen of spec §2; it reports the error for the maintenance panel. */
export function ErrorScreen({ error }: { error: unknown }) {
  const revalidator = useRevalidator();

  useEffect(() => {
    // Fire and forget: whatever the answer (a 429 when this address reported too much, a 5xx, no
    // network), the customer must never see a second error because reporting the first one failed.
    const report: CallInput<typeof clientErrorsContract.clientError>["body"] = {
      ...describe(error),
      path: window.location.pathname || "/",
    };
    const body = JSON.stringify(report);
    void fetch(buildPath(clientErrorsRoutes.clientError), { method: "POST", headers: { "Content-Type": "application/json" }, body }).catch(
      () => {},
    );
  }, [error]);

  return (
    <section role="alert" className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-3xl font-bold text-stone-900">Ocorreu um erro</h1>
      <p className="mt-4 text-stone-700">Algo inesperado aconteceu. Você pode tentar novamente.</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <button
          type="button"
          onClick={() => void revalidator.revalidate()}
          className="rounded-lg bg-emerald-800 px-5 py-3 font-semibold text-white hover:bg-emerald-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-800"
        >
          Tentar novamente
        </button>
        <button
          type="button"
          onClick={() => window.location.reload()}
          className="rounded-lg border border-stone-400 px-5 py-3 font-semibold text-stone-900 hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-800"
        >
          Recarregar página
        </button>
      </div>
    </section>
  );
}
