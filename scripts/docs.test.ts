import { readdirSync, readFileSync } from "node:fs";
import { execFileSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";

// The repository stands alone (decision 050): its decisions are short and current, every
// "replaces" has its back-link, and nothing in it points to documents outside it.
const root = path.resolve(import.meta.dirname, "..");
const decisionsDir = path.join(root, "docs", "decisions");
const MAX_LINES = 60;
/** Rewritten on other branches of issue 27 (contracts: 011, names: 012); leave the list when merged. */
const REWRITTEN_ELSEWHERE = new Set<string>();

type Decision = { number: string; file: string; lines: string[]; replaces: Set<string>; replacedBy: Set<string> };

/** The decision numbers named in the header's "Replaces…" or "Replaced … by" field (it may wrap). */
function headerLinks(lines: string[], field: RegExp, known: Set<string>): Set<string> {
  const header = lines.slice(
    1,
    lines.findIndex((line) => line.startsWith("## ")),
  );
  const found = new Set<string>();
  let inField = false;
  for (const line of header) {
    if (/^[A-Z][\w ]*:/.test(line) || line.trim() === "") inField = field.test(line);
    if (!inField) continue;
    for (const [number] of line.replace(field, "").matchAll(/(?<![\d.,])\d{3}(?![\d.,])/g)) if (known.has(number)) found.add(number);
  }
  return found;
}

function readDecisions(): Decision[] {
  const files = readdirSync(decisionsDir).filter((file) => /^\d{3}-.*\.md$/.test(file));
  const known = new Set(files.map((file) => file.slice(0, 3)));
  return files.map((file) => {
    const lines = readFileSync(path.join(decisionsDir, file), "utf8").trimEnd().split("\n");
    return {
      number: file.slice(0, 3),
      file,
      lines,
      replaces: headerLinks(lines, /^Replaces( in part)?:/, known),
      replacedBy: headerLinks(lines, /^Replaced( in part)? by:/, known),
    };
  });
}

describe("the decisions", () => {
  const decisions = readDecisions();

  it(`are at most ${MAX_LINES} lines each`, () => {
    const long = decisions
      .filter((decision) => decision.lines.length > MAX_LINES)
      .filter((decision) => !REWRITTEN_ELSEWHERE.has(decision.number))
      .map((decision) => `${decision.file}: ${decision.lines.length}`);
    expect(long).toEqual([]);
  });

  it("link both ways: what one replaces names it among its replacements, and the other way round", () => {
    const byNumber = new Map(decisions.map((decision) => [decision.number, decision]));
    const missing: string[] = [];
    for (const decision of decisions) {
      for (const older of decision.replaces)
        if (!byNumber.get(older)!.replacedBy.has(decision.number)) missing.push(`${older} lacks "Replaced … by: ${decision.number}"`);
      for (const newer of decision.replacedBy)
        if (!byNumber.get(newer)!.replaces.has(decision.number)) missing.push(`${newer} lacks "Replaces …: ${decision.number}"`);
    }
    expect(missing).toEqual([]);
  });
});

describe("the repository", () => {
  it("names no document outside it", () => {
    const tracked = execFileSync("git", ["ls-files", "-z"], { cwd: root, encoding: "utf8" }).split("\0").filter(Boolean);
    // Applied migrations are history: their text is not edited.
    const rewrittenElsewhere = (file: string) => [...REWRITTEN_ELSEWHERE].some((number) => file.startsWith(`docs/decisions/${number}-`));
    const files = tracked.filter(
      (file) => !file.startsWith("platform/db/migrations/") && file !== "scripts/docs.test.ts" && !rewrittenElsewhere(file),
    );
    const outside = /\.\.\/shared|PRODUCT\.md|ARCHITECTURE\.md|design\/layout\.md|research\/providers\.md/;
    const naming = files.filter((file) => {
      if (/\.(png|jpe?g|webp|avif|ico|woff2?|br|gz|dump)$/.test(file)) return false;
      return outside.test(readFileSync(path.join(root, file), "utf8"));
    });
    expect(naming).toEqual([]);
  });
});
