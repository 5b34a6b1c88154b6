import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { messageForPeople } from "#app/lib/error-messages.ts";
import { ApiCallError, fetchJson } from "#app/lib/fetch-json.ts";
import { ORDER_STATUSES } from "#domain/orders/order-status.ts";

/*
 * Issue 20 item 4: "a test walks every error the UI can show". Every error the server can answer
 * is written in its source as `new DomainError(kind, code, message)`, `new ApiError(status, code,
 * message)`, `errorBody(code, message)`, a rule's `{ code, message }`, or a row of the table that
 * translates better-auth's codes (server/http/auth-errors.ts). This walks all of them, as text (app/
 * may not import server/), and checks what a person reads for each, through messageForPeople (what
 * fetchJson and the pages' refusals show): Portuguese, no code names, no raw order statuses.
 */

const ROOT = join(import.meta.dirname, "..", "..");
const LAYERS = ["domain", "server", "platform", "app"];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** The text of the argument list that starts at `from` (just after "("), up to its closing parenthesis. */
function argumentsAt(text: string, from: number): string {
  let depth = 1;
  let quote: string | null = null;
  for (let i = from; i < text.length; i++) {
    const char = text[i]!;
    if (quote) {
      if (char === "\\") i++;
      else if (char === quote) quote = null;
    } else if (char === '"' || char === "'" || char === "`") quote = char;
    else if (char === "(" || char === "{" || char === "[") depth++;
    else if (char === ")" || char === "}" || char === "]") {
      depth--;
      if (depth === 0) return text.slice(from, i);
    }
  }
  return text.slice(from);
}

/** The string and template literals in an expression; a template's `${…}` stands as "1". */
function literalsIn(expression: string): string[] {
  const found: string[] = [];
  const pattern = /"((?:[^"\\]|\\.)*)"|`((?:[^`\\]|\\.|\$\{[^}]*\})*)`/g;
  for (const match of expression.matchAll(pattern)) {
    const raw = match[1] ?? match[2] ?? "";
    found.push(
      raw
        .replace(/\$\{[^}]*\}/g, "1")
        .replace(/\\u([0-9a-fA-F]{4})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
        .replace(/\\n/g, " ")
        .replace(/\\(.)/g, "$1"),
    );
  }
  return found;
}

type Answer = { where: string; code: string; messages: string[]; expression: string };

const files = LAYERS.flatMap((layer) => sourceFiles(join(ROOT, layer)));
const texts = new Map(files.map((file) => [relative(ROOT, file), readFileSync(file, "utf8")]));

/** `const NAME = "…"` / `` `…` `` anywhere in the sources: what an error built from a named constant says. */
const constants = new Map<string, string[]>();
for (const text of texts.values()) {
  for (const match of text.matchAll(/const ([A-Z][A-Z0-9_]+) =\s*(?=["`])/g)) {
    const start = match.index + match[0].length;
    const end = text.indexOf(";", start);
    constants.set(match[1]!, literalsIn(text.slice(start, end)));
  }
}

/** Every error answer written in the sources. */
function errorAnswers(): Answer[] {
  const answers: Answer[] = [];
  const calls = [
    { pattern: /new DomainError\(\s*/g, skip: 1 },
    { pattern: /new ApiError\(\s*/g, skip: 1 },
    { pattern: /errorBody\(\s*/g, skip: 0 },
  ];
  for (const [where, text] of texts) {
    for (const { pattern, skip } of calls) {
      for (const match of text.matchAll(pattern)) {
        // Comment lines inside the call are not what it says.
        const args = argumentsAt(text, match.index + match[0].length).replace(/^\s*\/\/.*$/gm, "");
        const parts = args.split(/,(?![^(]*\))/);
        const code = /^\s*"(\w+)"\s*$/.exec(parts[skip] ?? "")?.[1];
        if (!code) continue; // a definition (`errorBody(code: string, …)`) or a pass-through of another error's code
        const expression = parts
          .slice(skip + 1)
          .join(",")
          .replace(/,\s*\{[^}]*\}\s*$/, "");
        answers.push({ where, code, expression, messages: messagesOf(expression) });
      }
    }
    // The rules' refusals ({ code: "minimum_quantity", message: … }).
    for (const match of text.matchAll(/\{\s*code: "(\w+)", message: /g)) {
      // zod's own issues ({ code: "custom", … }) end as a validation_error, walked with the schemas' messages.
      if (match[1] === "custom") continue;
      const expression = argumentsAt(text, match.index + match[0].length);
      answers.push({ where, code: match[1]!, expression, messages: messagesOf(expression) });
    }
  }
  // better-auth's codes as the shop translates them: each row of MESSAGES and BY_STATUS.
  const authErrors = texts.get("server/http/auth-errors.ts")!;
  for (const match of authErrors.matchAll(/^ {2}(\w+): "(.+)",$/gm))
    answers.push({ where: "server/http/auth-errors.ts", code: match[1]!.toLowerCase(), expression: match[2]!, messages: [match[2]!] });
  for (const match of authErrors.matchAll(/\["(\w+)", "(.+?)"\]/g))
    answers.push({ where: "server/http/auth-errors.ts", code: match[1]!, expression: match[2]!, messages: [match[2]!] });
  return answers;
}

function messagesOf(expression: string): string[] {
  const literal = literalsIn(expression);
  const named = [...expression.matchAll(/\b([A-Z][A-Z0-9_]+)\b/g)].flatMap((match) => constants.get(match[1]!) ?? []);
  return [...literal, ...named];
}

/**
 * Errors whose message is not written where they are thrown, each checked where it is built: a
 * new one fails this test until it is looked at and listed here with its reason.
 */
const BUILT_ELSEWHERE: Record<string, string> = {
  "domain/catalog/product-creation.server.ts invalid_slug": "slugProblem's Portuguese sentences (domain/catalog/product-create-schemas.ts)",
  "domain/catalog/product-editing.server.ts invalid_product": "productProblem's Portuguese sentences (domain/catalog/product-rules.ts)",
  "server/api/maintenance-backup.ts backup_unavailable":
    "the Portuguese of PgToolMissingError and BackupError (platform/db/pg-tools.ts, platform/db/backup.ts), for the operator",
  "domain/labels/label-errors.ts label_refused":
    "the labels' Portuguese refusals (NEEDS_PROFILE, NEEDS_NFE … in the same file) and Melhor Envio's own messages, translated in domain/labels/melhor-envio-shipments.server.ts",
  "server/http/auth-errors.ts invalid_input": "the Portuguese our own better-auth hooks throw (domain/auth/auth.server.ts invalidInput)",
};

// Not "for": Portuguese too ("quando o pagamento for confirmado").
// Letters on both sides, accented ones too: "cartão" is not "cart".
const ENGLISH =
  /(?<!\p{L})(the|is|are|not|found|minimum|quantity|invalid|required|error|failed|please|must|cannot|unauthorized|forbidden|request|user|password|email|exists|check|your|reset|session|order|cart|shipping|stock|already|expired|too|many|only|allowed|missing|unknown|internal|server|with|this|that|and|of|to|an)(?!\p{L})/iu;
const STATUS_WORDS = new RegExp(`\\b(${ORDER_STATUSES.join("|")})\\b`);

/** Why a person could not read `text` as Portuguese, or null. */
function notPortuguese(text: string): string | null {
  if (!text.trim()) return "vazia";
  const english = ENGLISH.exec(text);
  if (english) return `palavra em inglês: ${english[0]}`;
  const snake = /\b[a-z0-9]+_[a-z0-9_]+\b/.exec(text);
  if (snake) return `nome de código: ${snake[0]}`;
  const status = STATUS_WORDS.exec(text);
  if (status) return `status cru: ${status[0]}`;
  const camel = /\b[a-z]+[A-Z]\w*\b/.exec(text);
  if (camel) return `nome de campo: ${camel[0]}`;
  const path = /\b[a-z]+\.[a-z]+(\[\d+\])?:/.exec(text);
  if (path) return `caminho de campo: ${path[0]}`;
  return null;
}

describe("every error the server can answer, as a person reads it", () => {
  const answers = errorAnswers();

  it("finds the errors of every layer, the spec's English ones included", () => {
    const codes = new Set(answers.map((answer) => answer.code));
    for (const code of ["minimum_quantity", "item_not_found", "cart_empty", "invalid_transition", "rate_limited", "validation_error"])
      expect(codes, code).toContain(code);
    expect(answers.length).toBeGreaterThan(80);
  });

  it("reads Portuguese for each: no English, no code names, no raw order statuses", () => {
    const problems = answers.flatMap((answer) =>
      answer.messages.flatMap((message) => {
        const shown = messageForPeople(answer.code, message);
        const why = notPortuguese(shown);
        return why ? [`${answer.where} ${answer.code}: "${shown}" (${why})`] : [];
      }),
    );
    expect(problems).toEqual([]);
  });

  it("knows what every error says: those whose message is built elsewhere are listed with their reason", () => {
    const unread = answers.filter((answer) => answer.messages.length === 0).map((answer) => `${answer.where} ${answer.code}`);
    expect(new Set(unread)).toEqual(new Set(Object.keys(BUILT_ELSEWHERE)));
  });

  it("would catch the spec's English if it reached a person as the API says it", () => {
    expect(notPortuguese("Minimum quantity is 2")).toMatch(/inglês/);
    expect(notPortuguese("Item not found")).toMatch(/inglês/);
    expect(notPortuguese("If this email exists in our system, check your email for the reset link")).toMatch(/inglês/);
    expect(notPortuguese("Não é possível mudar o pedido de “delivered” para “shipped”.")).toMatch(/status cru/);
    expect(notPortuguese("Dados inválidos. address.cpf: CPF inválido.")).toMatch(/caminho de campo/);
    expect(messageForPeople("minimum_quantity", "Minimum quantity is 2")).toBe("A quantidade mínima é de 2 g.");
    expect(messageForPeople("item_not_found", "Item not found")).toBe("Este item não está mais no seu carrinho.");
  });

  it("reads a validation error without the API's field names", () => {
    expect(
      messageForPeople(
        "validation_error",
        "Dados inválidos. address.cpf: CPF inválido: confira os dígitos.; items[0].quantity: Informe a quantidade.",
      ),
    ).toBe("Dados inválidos. CPF inválido: confira os dígitos.; Informe a quantidade.");
  });
});

describe("fetchJson", () => {
  it("gives the page the Portuguese and keeps the API's own message beside it", async () => {
    const original = globalThis.fetch;
    globalThis.fetch = async () =>
      new Response(JSON.stringify({ error: { code: "minimum_quantity", message: "Minimum quantity is 2" } }), { status: 422 });
    try {
      const error = await fetchJson("/api/cart/items/x", { method: "PATCH", json: { quantity: 1 } }).catch((failure: unknown) => failure);
      expect(error).toBeInstanceOf(ApiCallError);
      expect(error).toMatchObject({ message: "A quantidade mínima é de 2 g.", apiMessage: "Minimum quantity is 2", status: 422 });
    } finally {
      globalThis.fetch = original;
    }
  });
});
