import { ApiError } from "#server/http/errors.ts";

/**
 * Control characters no text of the shop needs (tab, line feed and carriage return are text). The
 * NUL byte is the sharp one: PostgreSQL refuses it in text and jsonb, so a string carrying it used
 * to reach the database and come back as a 500.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is this rule's whole point
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

const MESSAGE = "não use caracteres de controle (como o caractere nulo)";

/**
 * The deepest nesting of objects and arrays an input may have. The shop's deepest body (the shipping
 * rates) has four levels; a client sending dozens is broken or probing, and every walk over a deeper
 * value (this check, zod's, JSON.stringify in a log line) risks the stack: a 40 KB body nested
 * 20 000 levels deep used to overflow it here and answer 500.
 */
export const MAX_INPUT_DEPTH = 32;

type Refusal = { kind: "control"; path: string[] } | { kind: "surrogate"; path: string[] } | { kind: "depth" };

/** What is wrong with one string (a value or a key), or null. */
function badText(text: string): "control" | "surrogate" | null {
  if (CONTROL_CHARACTER.test(text)) return "control";
  // A lone UTF-16 surrogate ("\ud800" in JSON) cannot be UTF-8: PostgreSQL's jsonb refuses it.
  if (!text.isWellFormed()) return "surrogate";
  return null;
}

/**
 * The first thing in `value` to refuse: a string (or object key) with a control character or a lone
 * surrogate, or nesting deeper than MAX_INPUT_DEPTH. Walks with its own stack, never recursion, so
 * no input can overflow the call stack.
 */
function firstRefusal(value: unknown): Refusal | null {
  const pending: Array<{ value: unknown; path: string[] }> = [{ value, path: [] }];
  while (pending.length > 0) {
    const { value: current, path } = pending.pop()!;
    if (typeof current === "string") {
      const bad = badText(current);
      if (bad) return { kind: bad, path };
      continue;
    }
    if (current === null || typeof current !== "object") continue;
    if (path.length >= MAX_INPUT_DEPTH) return { kind: "depth" };
    const entries = Array.isArray(current) ? current.map((item, index) => [String(index), item] as const) : Object.entries(current);
    // Pushed in reverse so the first field is looked at first, as the message names the first one.
    for (let index = entries.length - 1; index >= 0; index--) {
      const [key, item] = entries[index]!;
      if (!Array.isArray(current)) {
        const bad = badText(key);
        if (bad) return { kind: bad, path };
      }
      pending.push({ value: item, path: [...path, key] });
    }
  }
  return null;
}

/**
 * Refuses input (a parsed JSON body, a query, a form) that carries a control character or a lone
 * surrogate anywhere, or that is nested deeper than MAX_INPUT_DEPTH, with the API's 400
 * `validation_error` naming the field, before any schema or the database sees it. Both lanes and
 * the better-auth routes call it, so no endpoint can forget it.
 */
export function refuseControlCharacters(value: unknown): void {
  const refusal = firstRefusal(value);
  if (refusal === null) return;
  if (refusal.kind === "depth") {
    throw new ApiError(400, "validation_error", `Dados inválidos: o corpo tem mais de ${MAX_INPUT_DEPTH} níveis de aninhamento.`);
  }
  const field = refusal.path.length > 0 ? `${refusal.path.join(".")}: ` : "";
  const problem = refusal.kind === "control" ? MESSAGE : "o texto tem um caractere Unicode incompleto (surrogate isolado)";
  throw new ApiError(400, "validation_error", `Dados inválidos. ${field}${problem}.`);
}
