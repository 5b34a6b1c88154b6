import { useCallback, useEffect, useId, useRef, useState } from "react";
import { buttonClass, focusRing } from "#app/ui/button-styles.ts";
import { isScrolledToEnd } from "#app/features/consent/terms-scroll.ts";
import { TermsText } from "#app/features/consent/terms-text.tsx";

/** The gate's element id: root.tsx's script and app.css hide it for a visitor who accepted. */
export const AGE_GATE_ID = "aviso-de-idade";

const FOCUSABLE = 'button:not([disabled]), [href], input:not([disabled]), [tabindex="0"]';

/**
 * Tab from the last control goes to the first, Shift+Tab from the first to the last: a modal
 * <dialog> keeps focus out of the page, but would let it leave for the browser's own controls.
 */
function keepFocusInside(event: React.KeyboardEvent<HTMLDialogElement>): void {
  if (event.key !== "Tab") return;
  const controls = [...event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)];
  const first = controls[0];
  const last = controls.at(-1);
  if (!first || !last) return;
  const edge = event.shiftKey ? first : last;
  if (document.activeElement === edge || !event.currentTarget.contains(document.activeElement)) {
    event.preventDefault();
    (event.shiftKey ? last : first).focus();
  }
}

/**
 * The age gate itself (spec §4), a native <dialog> (decision 035; it was Radix's, ~13 KB loaded
 * on a first visit). The server renders it open, so it paints with the page; once scripts run it
 * becomes modal (`showModal`: the page behind is inert, focus stays inside). A gate, not a
 * notice: Escape is refused (`cancel` prevented, and should the browser close it anyway it opens
 * again), outside clicks do nothing; it goes away when ./age-gate stops rendering it.
 */
export function AgeGateDialog({ onAccept, onDecline }: { onAccept: () => void; onDecline: () => void }) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const termsRef = useRef<HTMLDivElement>(null);
  const [readToEnd, setReadToEnd] = useState(false);
  const titleId = useId();
  const descriptionId = useId();

  // Once read, stays read: scrolling back up does not lock the button again.
  const checkScroll = useCallback(() => {
    const box = termsRef.current;
    if (box && isScrolledToEnd(box)) setReadToEnd(true);
  }, []);

  useEffect(() => {
    const dialog = dialogRef.current;
    const box = termsRef.current;
    // Hydrating for a visitor who accepted already (hidden before the first paint, root.tsx): it
    // goes away on the next render; nothing to open or focus.
    if (!dialog || !box || document.documentElement.dataset.ageGate === "accepted") return;
    // Rendered open by the server (not modal): reopened as a modal dialog.
    if (!dialog.matches(":modal")) {
      dialog.close();
      dialog.showModal();
    }
    // Start on the terms box so keyboard users can scroll it right away with the arrow keys.
    box.focus();
    // Fires once at once (the text may fit without scrolling) and whenever the box changes size.
    const observer = typeof ResizeObserver === "undefined" ? undefined : new ResizeObserver(checkScroll);
    observer?.observe(box);
    return () => {
      observer?.disconnect();
      // (Removed from the page by now, focus has fallen back to <body>.)
      const hadFocus = dialog.contains(document.activeElement) || document.activeElement === document.body;
      if (dialog.open) dialog.close();
      // Focus was on the gate: once it is gone, it goes to the page's content.
      if (hadFocus) document.querySelector<HTMLElement>("main")?.focus({ preventScroll: true });
    };
  }, [checkScroll]);

  return (
    <dialog
      ref={dialogRef}
      id={AGE_GATE_ID}
      open
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      onCancel={(event) => event.preventDefault()}
      onKeyDown={keepFocusInside}
      // A browser may close a dialog on a second Escape despite `cancel`: a gate opens again.
      onClose={(event) => {
        const dialog = event.currentTarget;
        if (dialog.isConnected && !dialog.open) dialog.showModal();
      }}
      className="fixed inset-0 z-50 m-auto hidden open:flex max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-lg flex-col overflow-y-auto rounded-2xl bg-white p-5 text-stone-900 shadow-[0_0_0_100vmax_rgb(12_10_9/0.6)] backdrop:bg-transparent sm:p-6"
    >
      <h2 id={titleId} className="text-xl font-bold text-stone-950">
        Termos de uso e verificação de idade
      </h2>
      <p id={descriptionId} className="mt-2 text-sm text-stone-700">
        Este site é somente para maiores de 18 anos. Leia os termos até o final para continuar.
      </p>
      <div
        ref={termsRef}
        role="region"
        aria-label="Texto dos termos"
        tabIndex={0}
        onScroll={checkScroll}
        className={`mt-4 max-h-64 min-h-32 overflow-y-auto rounded-lg border border-stone-300 bg-stone-50 p-4 ${focusRing}`}
      >
        <TermsText />
      </div>
      <div className="mt-5 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <button type="button" onClick={onDecline} className={buttonClass("secondary")}>
          Não Concordo
        </button>
        <button type="button" onClick={onAccept} disabled={!readToEnd} className={buttonClass("primary")}>
          {readToEnd ? "Eu li e concordo com os termos" : "Role até o final para aceitar"}
        </button>
      </div>
    </dialog>
  );
}
