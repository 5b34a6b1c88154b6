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
};

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
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const fixed = (value: number) => value.toFixed(0);
const metricText = (value: number, unit: string) => (unit === "ms" ? `${(value / 1000).toFixed(2)} s` : value.toFixed(3));

/** Runs Lighthouse on each path of `origin` and prints the figures; Chromium is started and stopped here. */
export async function lighthouseReport(origin: string, paths: string[]): Promise<void> {
  // chrome-launcher stops it on Ctrl-C by itself; SIGTERM is ours to pass on.
  const chrome = await launch({ chromePath: lighthouseChromium(), chromeFlags: ["--headless=new", "--no-sandbox"], logLevel: "silent" });
  const stopChrome = () => chrome.kill();
  process.once("SIGTERM", stopChrome);
  try {
    console.log(
      `\nLighthouse ${RUNS}× por página (perfil móvel padrão: throttling simulado, celular médio em 4G lento; ` +
        `armazenamento limpo antes de cada execução, ou seja primeira visita: em / com o diálogo de idade 18+ aberto)`,
    );
    for (const pathname of paths) {
      const runs: Run[] = [];
      const errors: string[] = [];
      // A run that fails (a trace without navigationStart happens on this loaded machine) is
      // tried again, up to RETRIES times per page; the page is then reported with the runs it got.
      for (let attempt = 0; runs.length < RUNS && attempt < RUNS + RETRIES; attempt++) {
        const result = await lighthouse(new URL(pathname, origin).href, {
          port: chrome.port,
          logLevel: "error",
          output: "json",
          onlyCategories: [...CATEGORIES],
        });
        if (!result) errors.push("sem resultado");
        else if (result.lhr.runtimeError) errors.push(result.lhr.runtimeError.message);
        else runs.push(summarise(result.lhr));
      }
      for (const error of errors) console.log(`  ${pathname}: execução descartada: ${error}`);
      if (runs.length === 0) continue;
      const mid = (pick: (run: Run) => number) => median(runs.map(pick));
      const scores = CATEGORIES.map((id) => `${id} ${mid((run) => run.scores[id])}`);
      const performances = runs.map((run) => run.scores.performance).join(", ");
      console.log(`  ${pathname}  ${scores.join(" · ")}  (performance nas execuções: ${performances})`);
      const metrics = METRICS.map(
        ([name, , unit], index) =>
          `${name} ${metricText(
            mid((run) => run.metrics[index]!),
            unit,
          )}`,
      );
      console.log(`    ${metrics.join(" · ")}`);
      console.log(`    transferido: ${kb(mid((run) => run.totalBytes))} no total, ${kb(mid((run) => run.scriptBytes))} de JS`);
      console.log(`    máquina: BenchmarkIndex ${fixed(mid((run) => run.benchmarkIndex))}, carga ${os.loadavg()[0]!.toFixed(1)}`);
      for (const warning of new Set(runs.flatMap((run) => run.warnings))) console.log(`    aviso do Lighthouse: ${warning}`);
      const counts = new Map<string, number>();
      for (const line of runs.flatMap((run) => run.failing)) counts.set(line, (counts.get(line) ?? 0) + 1);
      if (![...counts.keys()].some((line) => !line.startsWith("performance:"))) {
        console.log("    nenhuma auditoria reprovada em accessibility, best-practices e seo");
      }
      for (const [line, count] of counts)
        console.log(`    reprovada: ${line}${count < runs.length ? ` (em ${count} de ${runs.length})` : ""}`);
    }
  } finally {
    process.off("SIGTERM", stopChrome);
    chrome.kill();
  }
}
