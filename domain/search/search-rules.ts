/** The search's limits, browser-safe and without zod (the header's form reads them on every page). */

/** Longer than any product name with its subtitle; a longer text is not a search, it is a paste. */
export const SEARCH_QUERY_MAX_LENGTH = 80;
/** The most cards one search shows: the whole catalogue today, a page's worth later. */
export const SEARCH_RESULT_LIMIT = 48;
/** The search page's address; its form is a plain GET form, so it works before (or without) JavaScript. */
export const SEARCH_PATH = "/busca";
