/** Spec §9: the terms count as read once scrolled to within 20 px of the bottom. */
export const TERMS_SCROLL_TOLERANCE_PX = 20;

type ScrollBox = Pick<HTMLElement, "scrollHeight" | "scrollTop" | "clientHeight">;

/** True when the box is at (or within the tolerance of) its end, including a box with nothing to scroll. */
export function isScrolledToEnd(box: ScrollBox, tolerance = TERMS_SCROLL_TOLERANCE_PX): boolean {
  return box.scrollHeight - box.scrollTop - box.clientHeight <= tolerance;
}
