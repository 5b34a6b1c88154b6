// `npm run bench`: requests per second and page weight of a running shop, on this machine only.
// Start the shop first (`npm start`), then: npm run bench [-- http://localhost:3000]
// The load is bounded (a few seconds per path, loopback only) and stops by itself.
import { gzipSync } from "node:zlib";

const base = new URL(process.argv[2] ?? "http://localhost:3000");
if (!["localhost", "127.0.0.1", "[::1]"].includes(base.hostname)) {
  console.error("Benchmarks only run against this machine (localhost).");
  process.exit(2);
}
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const PATHS = ["/healthz", "/", "/privacidade", "/produto/cogumelo-penis-envy-7"];
const HEADERS = { "accept-encoding": "gzip", cookie: "" };

async function requestsPerSecond(path: string): Promise<{ rps: number; errors: number; p95: number }> {
  const url = new URL(path, base);
  const deadline = performance.now() + SECONDS * 1000;
  const latencies: number[] = [];
  let errors = 0;
  const worker = async () => {
    while (performance.now() < deadline) {
      const started = performance.now();
      try {
        const response = await fetch(url, { headers: HEADERS });
        await response.arrayBuffer();
        if (!response.ok) errors++;
      } catch {
        errors++;
      }
      latencies.push(performance.now() - started);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  latencies.sort((a, b) => a - b);
  return {
    rps: Math.round(latencies.length / SECONDS),
    errors,
    p95: Math.round(latencies[Math.floor(latencies.length * 0.95)] ?? 0),
  };
}

/** Bytes a first visit downloads (gzip): the HTML plus the JS and CSS it links to. */
async function pageWeight(path: string): Promise<{ html: number; js: number; css: number }> {
  const html = await (await fetch(new URL(path, base))).text();
  const links = [...html.matchAll(/<link[^>]+href="([^"]+\.(js|css))"/g)].map((match) => match[1]!);
  let js = 0;
  let css = 0;
  for (const href of new Set(links)) {
    const size = gzipSync(Buffer.from(await (await fetch(new URL(href, base))).arrayBuffer())).length;
    if (href.endsWith(".js")) js += size;
    else css += size;
  }
  return { html: gzipSync(html).length, js, css };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
console.log(`shop at ${base.origin}: ${SECONDS}s per path, ${CONCURRENCY} concurrent requests`);
for (const path of PATHS) {
  const { rps, errors, p95 } = await requestsPerSecond(path);
  console.log(`${path.padEnd(36)} ${String(rps).padStart(6)} req/s  p95 ${p95} ms  errors ${errors}`);
}
console.log("\npage weight (gzip, first visit)");
for (const path of PATHS.slice(1)) {
  const { html, js, css } = await pageWeight(path);
  console.log(`${path.padEnd(36)} html ${kb(html)}  js ${kb(js)}  css ${kb(css)}  total ${kb(html + js + css)}`);
}
