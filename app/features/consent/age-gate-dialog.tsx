import { Dialog } from "radix-ui";
import { useCallback, useRef, useState } from "react";
import { buttonClass, focusRing } from "#app/ui/button-styles.ts";
import { ModalFrame } from "#app/ui/modal.tsx";
import { isScrolledToEnd } from "#app/features/consent/terms-scroll.ts";
import { TermsText } from "#app/features/consent/terms-text.tsx";

/**
 * The age gate itself (spec §4), loaded by ./age-gate only when a visitor on "/" has not accepted
 * the terms. A gate, not a notice: no onOpenChange, so Escape and outside clicks cannot close it;
 * it closes when ./age-gate stops rendering it (accepted, or declined).
 */
export default function AgeGateDialog({ onAccept, onDecline }: { onAccept: () => void; onDecline: () => void }) {
  return (
    <Dialog.Root open modal>
      <GateContent onAccept={onAccept} onDecline={onDecline} />
    </Dialog.Root>
  );
}

function GateContent({ onAccept, onDecline }: { onAccept: () => void; onDecline: () => void }) {
  const termsRef = useRef<HTMLDivElement | null>(null);
  const [readToEnd, setReadToEnd] = useState(false);

  // Once read, stays read: scrolling back up does not lock the button again.
  const checkScroll = useCallback(() => {
    const box = termsRef.current;
    if (box && isScrolledToEnd(box)) setReadToEnd(true);
  }, []);

  // A callback ref, because Radix mounts the portal content a render after the dialog opens.
  // The observer fires once on mount (the text may fit without scrolling) and again whenever
  // the box changes size (rotation, zoom, late fonts).
  const attachTerms = useCallback(
    (box: HTMLDivElement | null) => {
      termsRef.current = box;
      if (!box || typeof ResizeObserver === "undefined") return;
      const observer = new ResizeObserver(checkScroll);
      observer.observe(box);
      return () => {
        observer.disconnect();
        termsRef.current = null;
      };
    },
    [checkScroll],
  );

  return (
    <ModalFrame
      onEscapeKeyDown={(event) => event.preventDefault()}
      onPointerDownOutside={(event) => event.preventDefault()}
      onInteractOutside={(event) => event.preventDefault()}
      // Start on the terms box so keyboard users can scroll it right away with the arrow keys.
      onOpenAutoFocus={(event) => {
        event.preventDefault();
        termsRef.current?.focus();
      }}
      // Focus was on <body> when the gate opened: once it is gone, it goes to the page's content.
      onCloseAutoFocus={(event) => {
        event.preventDefault();
        document.querySelector<HTMLElement>("main")?.focus({ preventScroll: true });
      }}
    >
      <Dialog.Title className="text-xl font-bold text-stone-950">Termos de uso e verificação de idade</Dialog.Title>
      <Dialog.Description className="mt-2 text-sm text-stone-700">
        Este site é somente para maiores de 18 anos. Leia os termos até o final para continuar.
      </Dialog.Description>
      <div
        ref={attachTerms}
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
    </ModalFrame>
  );
}
