// Lighthouse for `npm run bench`: each page of the running shop, BENCH_LIGHTHOUSE_RUNS (3) times in
// Debian's Chromium (CHROMIUM_PATH, else /usr/bin/chromium; nothing is downloaded), with
// Lighthouse's default mobile settings (simulated throttling: a mid-range phone on slow 4G).
// Prints the median of the runs for the scores and metrics, the failing audits of accessibility,
// best practices and SEO, and performance's failing insights and diagnostics. BENCH_LIGHTHOUSE=0
// skips it (decision 006).
import { existsSync } from "node:fs";
import os from "node:os";
import { launch } from "chrome-launcher";
import lighthouse, { type Result } from "lighthouse";
import { chromiumPath } from "../scripts/chromium-path.ts";

const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
/** Failed runs tried again per page, beyond RUNS. */
const RETRIES = 2;
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
/** Metric audits whose numericValue is reported, with their unit. */
const METRICS = [
  ["FCP", "first-contentful-paint", "ms"],
  ["LCP", "largest-contentful-paint", "ms"],
  ["TBT", "total-blocking-time", "ms"],
  ["CLS", "cumulative-layout-shift", ""],
  ["SI", "speed-index", "ms"],
] as const;
/** Not pass/fail: nothing to fix when they show. */
const UNSCORED = new Set(["manual", "informative", "notApplicable"]);
/** Performance's audits that point at something to fix (its metrics are printed as figures). */
const PERFORMANCE_GROUPS = new Set(["insights", "diagnostics"]);
/** Lighthouse's own line between passed and failed (the report's green). */
const PASS_SCORE = 0.9;

export const lighthouseEnabled = () => process.env.BENCH_LIGHTHOUSE !== "0";

/** The Chromium to run, or an error that says how to get one (checked before the loads, not after). */
export function lighthouseChromium(): string {
  const chromium = chromiumPath();
  if (existsSync(chromium)) return chromium;
  throw new Error(
    `Lighthouse precisa do Chromium e não o encontrou em ${chromium}.\n` +
      `  Instale com: apt-get install -y chromium   (ou indique outro em CHROMIUM_PATH=…)\n` +
      `  Ou pule o Lighthouse: BENCH_LIGHTHOUSE=0 npm run bench`,
  );
}

type Run = {
  scores: Record<(typeof CATEGORIES)[number], number>;
  metrics: number[];
  totalBytes: number;
  scriptBytes: number;
  /** "category: id — title" of each failing audit. */
  failing: string[];
  /** Lighthouse's measure of this machine's CPU speed at the time (BenchmarkIndex). */
  benchmarkIndex: number;
  warnings: string[];
  /** Lighthouse's label of the element LCP measured (its text or image). */
  lcpElement: string;
};

/** The medians a target of `npm run bench` is judged on. */
export type PageMedians = { performance: number; lcpMs: number; runs: number };

/** The node Lighthouse names as the LCP element (in its LCP breakdown insight, Lighthouse 12+). */
function lcpElementOf(lhr: Result): string {
  type Node = { type?: string; nodeLabel?: string; snippet?: string };
  const find = (value: unknown): Node | undefined => {
    if (!value || typeof value !== "object") return undefined;
    if ((value as Node).type === "node") return value as Node;
    for (const child of Object.values(value)) {
      const found = find(child);
      if (found) return found;
    }
    return undefined;
  };
  const node = find(lhr.audits["lcp-breakdown-insight"]?.details) ?? find(lhr.audits["largest-contentful-paint-element"]?.details);
  return (node?.nodeLabel ?? node?.snippet ?? "?").replace(/\s+/g, " ").slice(0, 80);
}

function summarise(lhr: Result): Run {
  const audits = lhr.audits;
  const scores = Object.fromEntries(CATEGORIES.map((id) => [id, Math.round((lhr.categories[id]?.score ?? 0) * 100)])) as Run["scores"];
  const summary = audits["resource-summary"]?.details as { items?: Array<{ resourceType: string; transferSize: number }> } | undefined;
  const failing: string[] = [];
  for (const category of CATEGORIES) {
    for (const ref of lhr.categories[category]?.auditRefs ?? []) {
      const audit = audits[ref.id];
      if (!audit || UNSCORED.has(audit.scoreDisplayMode)) continue;
      if (category === "performance" && !PERFORMANCE_GROUPS.has(ref.group ?? "")) continue;
      if (audit.scoreDisplayMode === "error") failing.push(`${category}: ${ref.id} — não rodou (${audit.errorMessage ?? "erro"})`);
      else if (audit.score !== null && audit.score < PASS_SCORE) failing.push(`${category}: ${ref.id} — ${audit.title}`);
    }
  }
  return {
    scores,
    metrics: METRICS.map(([, id]) => audits[id]?.numericValue ?? Number.NaN),
    totalBytes: audits["total-byte-weight"]?.numericValue ?? Number.NaN,
    scriptBytes: summary?.items?.find((item) => item.resourceType === "script")?.transferSize ?? Number.NaN,
    failing,
    benchmarkIndex: lhr.environment.benchmarkIndex,
    warnings: lhr.runWarnings,
    lcpElement: lcpElementOf(lhr),
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const fixed = (value: number) => value.toFixed(0);
const metricText = (value: number, unit: string) => (unit === "ms" ? `${(value / 1000).toFixed(2)} s` : value.toFixed(3));

/**
 * Runs Lighthouse on each target (a label and an address), prints the figures and returns each
 * target's medians. The targets take turns (run 1 of each, then run 2 of each…), so that load from
 * elsewhere on this shared machine falls on all of them alike: the LCP ratios compare the same
 * minutes. Chromium is started and stopped here.
 */
export async function lighthouseReport(targets: ReadonlyArray<{ label: string; url: string }>): Promise<Map<string, PageMedians>> {
  // chrome-launcher stops it on Ctrl-C by itself; SIGTERM is ours to pass on.
  const chrome = await launch({ chromePath: lighthouseChromium(), chromeFlags: ["--headless=new", "--no-sandbox"], logLevel: "silent" });
  const stopChrome = () => chrome.kill();
  process.once("SIGTERM", stopChrome);
  const medians = new Map<string, PageMedians>();
  try {
    console.log(
      `\nLighthouse ${RUNS}× por página (perfil móvel padrão: throttling simulado, celular médio em 4G lento; ` +
        `armazenamento limpo antes de cada execução, ou seja primeira visita: em / com o diálogo de idade 18+ aberto; ` +
        `as páginas se alternam a cada rodada)`,
    );
    const runs = new Map(targets.map((target) => [target.label, [] as Run[]]));
    const errors = new Map(targets.map((target) => [target.label, [] as string[]]));
    // A run that fails (a trace without navigationStart happens on this loaded machine) is
    // tried again, up to RETRIES more rounds; each target is then reported with the runs it got.
    for (let round = 0; round < RUNS + RETRIES; round++) {
      const pending = targets.filter((target) => runs.get(target.label)!.length < RUNS);
      if (pending.length === 0) break;
      for (const target of pending) {
        const result = await lighthouse(target.url, {
          port: chrome.port,
          logLevel: "error",
          output: "json",
          onlyCategories: [...CATEGORIES],
        });
        if (!result) errors.get(target.label)!.push("sem resultado");
        else if (result.lhr.runtimeError) errors.get(target.label)!.push(result.lhr.runtimeError.message);
        else runs.get(target.label)!.push(summarise(result.lhr));
      }
    }
    for (const { label } of targets) {
      const got = runs.get(label)!;
      for (const error of errors.get(label)!) console.log(`  ${label}: execução descartada: ${error}`);
      if (got.length === 0) continue;
      const mid = (pick: (run: Run) => number) => median(got.map(pick));
      medians.set(label, { performance: mid((run) => run.scores.performance), lcpMs: mid((run) => run.metrics[1]!), runs: got.length });
      const scores = CATEGORIES.map((id) => `${id} ${mid((run) => run.scores[id])}`);
      const performances = got.map((run) => run.scores.performance).join(", ");
      console.log(`  ${label}  ${scores.join(" · ")}  (performance nas execuções: ${performances})`);
      const metrics = METRICS.map(
        ([name, , unit], index) =>
          `${name} ${metricText(
            mid((run) => run.metrics[index]!),
            unit,
          )}`,
      );
      console.log(`    ${metrics.join(" · ")}`);
      console.log(`    elemento do LCP: ${[...new Set(got.map((run) => run.lcpElement))].join(" | ")}`);
      console.log(`    transferido: ${kb(mid((run) => run.totalBytes))} no total, ${kb(mid((run) => run.scriptBytes))} de JS`);
      console.log(`    máquina: BenchmarkIndex ${fixed(mid((run) => run.benchmarkIndex))}, carga ${os.loadavg()[0]!.toFixed(1)}`);
      for (const warning of new Set(got.flatMap((run) => run.warnings))) console.log(`    aviso do Lighthouse: ${warning}`);
      const counts = new Map<string, number>();
      for (const line of got.flatMap((run) => run.failing)) counts.set(line, (counts.get(line) ?? 0) + 1);
      if (![...counts.keys()].some((line) => !line.startsWith("performance:"))) {
        console.log("    nenhuma auditoria reprovada em accessibility, best-practices e seo");
      }
      for (const [line, count] of counts)
        console.log(`    reprovada: ${line}${count < got.length ? ` (em ${count} de ${got.length})` : ""}`);
    }
  } finally {
    process.off("SIGTERM", stopChrome);
    chrome.kill();
  }
  return medians;
}
