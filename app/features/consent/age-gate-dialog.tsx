import { useEffect, useId, useRef } from "react";
import { buttonClass, focusRing } from "#app/ui/button-styles.ts";
import { ACCEPT_LOCKED_LABEL, AGE_GATE_ID, GATE_PARTS, runAgeGate, type GateAnswers } from "#app/features/consent/age-gate-behaviour.ts";
import { TermsText } from "#app/features/consent/terms-text.tsx";

/**
 * The age gate itself (spec §4), a native <dialog> (decision 035; it was Radix's, ~13 KB loaded
 * on a first visit). The server renders it open, so it paints with the page. What it does once
 * scripts run is ./age-gate-behaviour.ts, the same plain script an island page runs on this HTML
 * without loading this component (decision 086); here, on React Router's pages, an effect starts it.
 * It goes away when ./age-gate stops rendering it.
 */
export function AgeGateDialog(answers: GateAnswers) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  // The latest answers, without starting the gate again when a render hands new functions.
  const answersRef = useRef(answers);
  useEffect(() => {
    answersRef.current = answers;
  });

  useEffect(() => {
    const dialog = dialogRef.current;
    // Hydrating for a visitor who accepted already (hidden before the first paint, root.tsx): it
    // goes away on the next render; nothing to open or focus.
    if (!dialog || document.documentElement.dataset.ageGate === "accepted") return;
    return runAgeGate(dialog, { accept: () => answersRef.current.accept(), decline: () => answersRef.current.decline() });
  }, []);

  return (
    <dialog
      ref={dialogRef}
      id={AGE_GATE_ID}
      open
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      className="fixed inset-0 z-50 m-auto hidden open:flex max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-lg flex-col overflow-y-auto rounded-2xl bg-white p-5 text-stone-900 shadow-[0_0_0_100vmax_rgb(12_10_9/0.6)] backdrop:bg-transparent sm:p-6"
    >
      <h2 id={titleId} className="text-xl font-bold text-stone-950">
        Termos de uso e verificação de idade
      </h2>
      <p id={descriptionId} className="mt-2 text-sm text-stone-700">
        Este site é somente para maiores de 18 anos. Leia os termos até o final para continuar.
      </p>
      <div
        {...{ [GATE_PARTS.terms]: "" }}
        role="region"
        aria-label="Texto dos termos"
        tabIndex={0}
        className={`mt-4 max-h-64 min-h-32 overflow-y-auto rounded-lg border border-stone-300 bg-stone-50 p-4 ${focusRing}`}
      >
        <TermsText />
      </div>
      <div className="mt-5 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <button {...{ [GATE_PARTS.decline]: "" }} type="button" className={buttonClass("secondary")}>
          Não Concordo
        </button>
        {/* Unlocked, and its text changed, by the behaviour when the terms are read: never re-rendered with other props. */}
        <button {...{ [GATE_PARTS.accept]: "" }} type="button" disabled className={buttonClass("primary")}>
          {ACCEPT_LOCKED_LABEL}
        </button>
      </div>
    </dialog>
  );
}
