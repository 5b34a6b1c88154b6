import { type RefObject, useEffect, useRef } from "react";
import { useLocation } from "react-router";

/** Spec §2: a short fade on link clicks and back/forward navigation. */
export const PAGE_FADE_MS = 150;

/**
 * Fades the element in whenever the page (pathname) changes. A query-only change (filters, an
 * order opened with ?order=) stays on the same page, so it does not blink. The Web Animations
 * API needs no CSS and cancels cleanly when another navigation starts mid-fade.
 */
export function usePageFade(ref: RefObject<HTMLElement | null>): void {
  const { pathname } = useLocation();
  const shownPathname = useRef(pathname);

  useEffect(() => {
    // The first render (hydration) already shows the page: nothing to fade.
    if (shownPathname.current === pathname) return;
    shownPathname.current = pathname;
    const element = ref.current;
    if (!element || typeof element.animate !== "function") return;
    if (window.matchMedia?.("(prefers-reduced-motion: reduce)").matches) return;
    const animation = element.animate([{ opacity: 0 }, { opacity: 1 }], { duration: PAGE_FADE_MS, easing: "ease-out" });
    return () => animation.cancel();
  }, [pathname, ref]);
}
