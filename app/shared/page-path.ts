/**
 * The page a pathname shows, for the moves between pages (skeleton, fade, focus on the new page):
 * the customer panel's tabs are one page whose open tab is in the path (/cliente/<tab>, decision
 * 047), so switching tabs keeps the page on screen and the keyboard on its tab, as before.
 */
export function pagePathOf(pathname: string): string {
  return /^\/cliente(\/[^/]+)?\/?$/.test(pathname) ? "/cliente" : pathname;
}
