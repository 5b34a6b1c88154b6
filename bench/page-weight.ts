// How much a page of the running shop makes a browser load (`npm run bench` and bench/card-pages.ts):
// its JavaScript (gzip, and as sent), its CSS, and the largest files.
import http from "node:http";
import { gzipSync } from "node:zlib";

/** The JS a page loads: every module it preloads or imports, followed through their static imports. */
export type Weight = {
  js: number;
  /** The same files as the server sends them to a browser that accepts Brotli (precompressed at build). */
  jsTransferred: number;
  css: number;
  files: number;
  largest: Array<[string, number]>;
};

/** Bytes on the wire for `url` asked with a browser's Accept-Encoding (node:http does not decode). */
function transferredBytes(url: URL): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { "accept-encoding": "gzip, deflate, br, zstd" } }, (response) => {
        let bytes = 0;
        response.on("data", (chunk: Buffer) => (bytes += chunk.length));
        response.on("end", () => resolve(bytes));
        response.on("error", reject);
      })
      .on("error", reject);
  });
}

/** `cookie`: a signed-in page (the checkout's card step) is asked as its customer. */
export async function pageWeight(origin: string, pathname: string, cookie?: string): Promise<Weight> {
  const html = await (await fetch(new URL(pathname, origin), { headers: cookie ? { cookie } : {} })).text();
  const js = new Set<string>();
  const css = new Set<string>();
  for (const match of html.matchAll(/<link[^>]+rel="modulepreload"[^>]*href="([^"]+)"/g)) js.add(match[1]!);
  for (const match of html.matchAll(/<link[^>]+href="([^"]+)"[^>]*rel="modulepreload"/g)) js.add(match[1]!);
  for (const match of html.matchAll(/import\(?\s*"([^"]+\.js)"/g)) js.add(match[1]!);
  for (const match of html.matchAll(/<link[^>]+rel="stylesheet"[^>]*href="([^"]+)"/g)) css.add(match[1]!);
  for (const match of html.matchAll(/<link[^>]+href="([^"]+\.css)"[^>]*rel="stylesheet"/g)) css.add(match[1]!);
  const sizes = new Map<string, number>();
  let jsTransferred = 0;
  const queue = [...js];
  while (queue.length > 0) {
    const href = queue.shift()!;
    const url = new URL(href, origin);
    if (sizes.has(url.pathname)) continue;
    const source = Buffer.from(await (await fetch(url)).arrayBuffer());
    sizes.set(url.pathname, gzipSync(source).length);
    jsTransferred += await transferredBytes(url);
    for (const match of source.toString().matchAll(/(?:import|from)\s*"(\.{1,2}\/[^"]+\.js)"/g))
      queue.push(new URL(match[1]!, url).pathname);
  }
  let cssBytes = 0;
  for (const href of css) cssBytes += gzipSync(Buffer.from(await (await fetch(new URL(href, origin))).arrayBuffer())).length;
  const largest = [...sizes.entries()].sort((a, b) => b[1] - a[1]).slice(0, 6);
  return { js: [...sizes.values()].reduce((sum, size) => sum + size, 0), jsTransferred, css: cssBytes, files: sizes.size, largest };
}
