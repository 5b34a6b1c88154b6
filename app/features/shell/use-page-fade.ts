import { type RefObject, useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { pagePathOf } from "#app/shared/page-path.ts";

/** Spec §2: a short fade on link clicks and back/forward navigation. */
export const PAGE_FADE_MS = 150;

/**
 * Runs `run` on the element after each move to another page (pathname). A query-only change
 * (filters, an order opened with ?order=) stays on the same page, and the first render (hydration)
 * is no move. `run` must be stable (a module-level function); what it returns cleans up.
 */
export function useAfterPageChange(ref: RefObject<HTMLElement | null>, run: (element: HTMLElement) => void | (() => void)): void {
  const pathname = pagePathOf(useLocation().pathname);
  const shownPathname = useRef(pathname);

  useEffect(() => {
    if (shownPathname.current === pathname) return;
    shownPathname.current = pathname;
    const element = ref.current;
    return element ? run(element) : undefined;
  }, [pathname, ref, run]);
}

/** The Web Animations API needs no CSS and cancels cleanly when another navigation starts mid-fade. */
function fadeIn(element: HTMLElement): void | (() => void) {
  if (typeof element.animate !== "function") return;
  if (window.matchMedia?.("(prefers-reduced-motion: reduce)").matches) return;
  const animation = element.animate([{ opacity: 0 }, { opacity: 1 }], { duration: PAGE_FADE_MS, easing: "ease-out" });
  return () => animation.cancel();
}

/** Fades the element in whenever the page changes; a query-only change does not blink. */
export function usePageFade(ref: RefObject<HTMLElement | null>): void {
  useAfterPageChange(ref, fadeIn);
}
