import { isScrolledToEnd } from "#app/features/consent/terms-scroll.ts";

/** The gate's element id: root.tsx's script and app.css hide it for a visitor who accepted. */
export const AGE_GATE_ID = "aviso-de-idade";

/** The accept button's two texts (spec §4): locked until the terms are read, then the answer itself. */
export const ACCEPT_LOCKED_LABEL = "Role até o final para aceitar";
export const ACCEPT_LABEL = "Eu li e concordo com os termos";

/** The gate's parts, marked in its markup (age-gate-dialog.tsx), so that this plain script finds them. */
export const GATE_PARTS = { terms: "data-gate-terms", accept: "data-gate-accept", decline: "data-gate-decline" } as const;

const FOCUSABLE = 'button:not([disabled]), [href], input:not([disabled]), [tabindex="0"]';

export type GateAnswers = { accept: () => void; decline: () => void };

/**
 * Tab from the last control goes to the first, Shift+Tab from the first to the last: a modal
 * <dialog> keeps focus out of the page, but would let it leave for the browser's own controls.
 */
function keepFocusInside(dialog: HTMLDialogElement, event: KeyboardEvent): void {
  if (event.key !== "Tab") return;
  const controls = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)];
  const first = controls[0];
  const last = controls.at(-1);
  if (!first || !last) return;
  const edge = event.shiftKey ? first : last;
  if (document.activeElement === edge || !dialog.contains(document.activeElement)) {
    event.preventDefault();
    (event.shiftKey ? last : first).focus();
  }
}

/**
 * What the gate does once scripts run (spec §4, decision 035), in plain DOM code rather than
 * React's (decision 086): the island pages load this and not the component that drew the gate,
 * whose HTML the server sent. The dialog, rendered open, becomes modal (the page behind is inert);
 * focus starts on the terms so the arrow keys scroll them; the accept button unlocks once they are
 * read to the end (and stays unlocked); Tab loops inside; Escape is refused, and should a browser
 * close the dialog anyway it opens again. A gate, not a notice: it leaves only by an answer.
 * Returns what undoes it all; focus that was on the gate then goes to the page's content.
 */
export function runAgeGate(dialog: HTMLDialogElement, answers: GateAnswers): () => void {
  const terms = dialog.querySelector<HTMLElement>(`[${GATE_PARTS.terms}]`);
  const accept = dialog.querySelector<HTMLButtonElement>(`[${GATE_PARTS.accept}]`);
  const decline = dialog.querySelector<HTMLButtonElement>(`[${GATE_PARTS.decline}]`);
  if (!terms || !accept || !decline) return () => {};
  const listening = new AbortController();
  const { signal } = listening;

  if (!dialog.matches(":modal")) {
    dialog.close();
    dialog.showModal();
  }
  terms.focus();

  const unlockWhenRead = () => {
    if (!accept.disabled || !isScrolledToEnd(terms)) return;
    accept.disabled = false;
    accept.textContent = ACCEPT_LABEL;
  };
  terms.addEventListener("scroll", unlockWhenRead, { signal });
  // Fires once at once (the text may fit without scrolling) and whenever the box changes size.
  const observer = typeof ResizeObserver === "undefined" ? undefined : new ResizeObserver(unlockWhenRead);
  observer?.observe(terms);

  dialog.addEventListener("keydown", (event) => keepFocusInside(dialog, event), { signal });
  dialog.addEventListener("cancel", (event) => event.preventDefault(), { signal });
  dialog.addEventListener("close", () => dialog.isConnected && !dialog.open && dialog.showModal(), { signal });
  accept.addEventListener("click", () => answers.accept(), { signal });
  decline.addEventListener("click", () => answers.decline(), { signal });

  return () => {
    // Before or after the dialog left the page (a removed one lets focus fall back to <body>).
    const hadFocus = dialog.contains(document.activeElement) || document.activeElement === document.body;
    listening.abort();
    observer?.disconnect();
    if (dialog.open) dialog.close();
    if (hadFocus) document.querySelector<HTMLElement>("main")?.focus({ preventScroll: true });
  };
}
