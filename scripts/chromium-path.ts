/** Debian's Chromium, which the browser tests, the bench's Lighthouse and the image script drive. */
export const DEFAULT_CHROMIUM = "/usr/bin/chromium";

/** CHROMIUM_PATH when set and not empty, else Debian's Chromium. */
export function chromiumPath(): string {
  return process.env.CHROMIUM_PATH || DEFAULT_CHROMIUM;
}
