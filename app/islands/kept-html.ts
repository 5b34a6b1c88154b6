/**
 * An island stand-in's inner HTML (vite.config.ts's ISLAND_STAND_INS, decisions 041 and 086): none
 * of React's own, so the element keeps what the server rendered inside it. React does not hydrate
 * the children of an element with `dangerouslySetInnerHTML`, nor rewrite them while `__html` stays
 * the same; `suppressHydrationWarning` on the element silences development's note of the difference.
 * Fits only a part that never changes after the page loaded and never mounts anew on the client.
 */
export const KEEP_SERVER_HTML = { __html: "" } as const;
