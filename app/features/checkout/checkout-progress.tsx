/** The checkout's steps (docs/requirements.md "Checkout"); a cart without physical items has no address or shipping. */
export type CheckoutStepId = "identificacao" | "endereco" | "envio" | "revisao";

/** Each step's heading, and its short name in the progress bar (a 390 px phone holds four). */
export const CHECKOUT_STEPS: Record<CheckoutStepId, { title: string; short: string }> = {
  identificacao: { title: "Identificação", short: "Identificação" },
  endereco: { title: "Endereço de entrega", short: "Endereço" },
  envio: { title: "Envio", short: "Envio" },
  revisao: { title: "Revisão e pagamento", short: "Pagamento" },
};

export function checkoutSteps(needsShipping: boolean): CheckoutStepId[] {
  return needsShipping ? ["identificacao", "endereco", "envio", "revisao"] : ["identificacao", "revisao"];
}

/**
 * Where the customer is: an ordered list, the current step marked with aria-current="step" (what a
 * screen reader announces as "etapa atual"), the ones before it marked done in words, not only by colour.
 */
export function CheckoutProgress({ steps, current }: { steps: CheckoutStepId[]; current: CheckoutStepId }) {
  const at = steps.indexOf(current);
  return (
    <nav aria-label="Etapas da compra">
      <ol className="grid gap-1 text-center text-xs sm:text-sm" style={{ gridTemplateColumns: `repeat(${steps.length}, minmax(0, 1fr))` }}>
        {steps.map((id, index) => {
          const state = index < at ? "done" : index === at ? "current" : "next";
          return (
            <li key={id} aria-current={state === "current" ? "step" : undefined} className="flex flex-col items-center gap-1">
              <span
                aria-hidden="true"
                className={`inline-flex size-7 items-center justify-center rounded-full text-sm font-semibold ${
                  state === "next" ? "border border-stone-400 bg-white text-stone-700" : "bg-emerald-800 text-white"
                }`}
              >
                {state === "done" ? "✓" : index + 1}
              </span>
              <span className={state === "current" ? "font-bold text-stone-950" : "text-stone-700"}>
                {CHECKOUT_STEPS[id].short}
                {state === "done" ? <span className="sr-only"> (concluída)</span> : null}
              </span>
            </li>
          );
        })}
      </ol>
      <p className="sr-only">
        Etapa {at + 1} de {steps.length}
      </p>
    </nav>
  );
}
