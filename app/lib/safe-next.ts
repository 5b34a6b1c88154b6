/**
 * The `next` parameter of /auth: where to go after signing in. Only a path of this shop is
 * accepted (it starts with one "/" and is not "//host" or "/\host", which browsers read as
 * another site); anything else falls back, so /auth can never be an open redirect.
 */
export function safeNext(next: string | null | undefined, fallback = "/"): string {
  if (!next || next.length > 2000) return fallback;
  if (!next.startsWith("/") || next.startsWith("//") || next.startsWith("/\\")) return fallback;
  // Control characters (tabs, newlines) are dropped by URL parsers and could turn "/\t/evil" into "//evil".
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(next)) return fallback;
  // Resolved against a placeholder origin, a path of ours stays on it.
  try {
    const base = "http://loja.invalid";
    const url = new URL(next, base);
    if (url.origin !== base) return fallback;
    return url.pathname + url.search + url.hash;
  } catch {
    return fallback;
  }
}

/** `/auth?next=…` for the page the visitor wanted. */
export function signInPath(next?: string | null): string {
  const target = safeNext(next, "");
  return target && target !== "/" ? `/auth?next=${encodeURIComponent(target)}` : "/auth";
}
