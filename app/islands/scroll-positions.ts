/**
 * Spec §2: every page opens at the position saved for its path, or at the top. React Router keeps
 * those positions in sessionStorage under this key, by pathname (root.tsx's ScrollRestoration
 * getKey), restores them on a document load and saves them when the page is hidden. An island page
 * (decision 009) does the same with the same entries, so positions carry over between both kinds.
 */
const STORAGE_KEY = "react-router-scroll-positions";

function savedPositions(): Record<string, number> {
  try {
    return JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? "{}") as Record<string, number>;
  } catch {
    sessionStorage.removeItem(STORAGE_KEY);
    return {};
  }
}

export function restoreScrollPosition(): void {
  // An address with a #fragment (the home's category shortcuts) opens where the fragment points.
  if (window.location.hash) return;
  const y = savedPositions()[window.location.pathname];
  if (typeof y === "number") window.scrollTo(0, y);
}

export function saveScrollPositionOnPageHide(): void {
  window.addEventListener("pagehide", () => {
    try {
      sessionStorage.setItem(STORAGE_KEY, JSON.stringify({ ...savedPositions(), [window.location.pathname]: window.scrollY }));
    } catch {
      // Storage full or refused (private mode): the page simply opens at the top next time.
    }
  });
}
