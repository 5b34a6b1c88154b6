import type { RefObject } from "react";
import { useAfterPageChange } from "#app/features/shell/use-page-fade.ts";

/** The scroll position is ScrollRestoration's business, so focusing does not scroll. */
function focusIfLost(element: HTMLElement): void {
  const active = document.activeElement;
  if (!active || active === document.body) element.focus({ preventScroll: true });
}

/**
 * After a move to another page, puts keyboard focus on the element (the page's main content) when
 * the control that navigated went away with the old page (a product card, a form's submit button):
 * otherwise focus falls to <body>, a screen reader is left nowhere and the next Tab starts wherever
 * the browser guesses. A control that stays on screen (a header link) keeps its focus.
 */
export function useFocusOnNavigation(ref: RefObject<HTMLElement | null>): void {
  useAfterPageChange(ref, focusIfLost);
}
