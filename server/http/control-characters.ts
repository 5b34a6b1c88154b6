import { ApiError } from "#server/http/errors.ts";

/**
 * Control characters no text of the shop needs (tab, line feed and carriage return are text). The
 * NUL byte is the sharp one: PostgreSQL refuses it in text and jsonb, so a string carrying it used
 * to reach the database and come back as a 500.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is this rule's whole point
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

const MESSAGE = "não use caracteres de controle (como o caractere nulo)";

/** The path of the first string (or object key) in `value` that holds a control character, or null. */
function controlCharacterPath(value: unknown, path: string[] = []): string[] | null {
  if (typeof value === "string") return CONTROL_CHARACTER.test(value) ? path : null;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = controlCharacterPath(item, [...path, String(index)]);
      if (found) return found;
    }
    return null;
  }
  if (value !== null && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      if (CONTROL_CHARACTER.test(key)) return path;
      const found = controlCharacterPath(item, [...path, key]);
      if (found) return found;
    }
  }
  return null;
}

/**
 * Refuses input (a parsed JSON body, a query, a form) that carries a control character anywhere,
 * with the API's 400 `validation_error` naming the field, before any schema or the database sees
 * it. Both lanes and the better-auth routes call it, so no endpoint can forget it.
 */
export function refuseControlCharacters(value: unknown): void {
  const path = controlCharacterPath(value);
  if (path === null) return;
  const field = path.length > 0 ? `${path.join(".")}: ` : "";
  throw new ApiError(400, "validation_error", `Dados inválidos. ${field}${MESSAGE}.`);
}
