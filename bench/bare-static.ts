// Reference server for `npm run bench` (issue 20): a bare Node http server answering the static
// copies of the shop's pages (their HTML as the shop served it, scripts removed, gzip as the shop
// compresses its pages) and the client build's files (their Brotli copies, as the shop sends
// them). Lighthouse's LCP on these copies is what each page's LCP is measured against.
// BENCH_STATIC_DIR: folder of the copies (`<path>/index.html.gz`); BENCH_CLIENT_DIR: build/client.
import { existsSync, readFileSync, statSync } from "node:fs";
import http from "node:http";
import path from "node:path";

const copies = process.env.BENCH_STATIC_DIR!;
const client = process.env.BENCH_CLIENT_DIR!;
const TYPES: Record<string, string> = {
  ".css": "text/css; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".svg": "image/svg+xml",
  ".avif": "image/avif",
  ".webp": "image/webp",
  ".jpg": "image/jpeg",
  ".png": "image/png",
  ".ico": "image/x-icon",
};

const isFile = (file: string) => existsSync(file) && statSync(file).isFile();

const server = http.createServer((request, response) => {
  const url = new URL(request.url ?? "/", "http://localhost");
  const pathname = decodeURIComponent(url.pathname);
  if (pathname.includes("..")) return void response.writeHead(400).end();
  const page = path.join(copies, pathname, "index.html.gz");
  if (isFile(page)) {
    const body = readFileSync(page);
    response.writeHead(200, { "content-type": "text/html; charset=utf-8", "content-encoding": "gzip", "content-length": body.length });
    return void response.end(body);
  }
  const file = path.join(client, pathname);
  if (!isFile(file)) return void response.writeHead(404).end();
  const brotli = /\bbr\b/.test(request.headers["accept-encoding"] ?? "") && isFile(`${file}.br`);
  const body = readFileSync(brotli ? `${file}.br` : file);
  response.writeHead(200, {
    "content-type": TYPES[path.extname(file)] ?? "application/octet-stream",
    "cache-control": pathname.startsWith("/assets/") ? "public, max-age=31536000, immutable" : "public, max-age=3600",
    ...(brotli ? { "content-encoding": "br" } : {}),
    "content-length": body.length,
  });
  response.end(body);
});
server.listen(0, "127.0.0.1", () => {
  const address = server.address();
  console.log(JSON.stringify({ port: typeof address === "object" && address ? address.port : 0 }));
});
process.on("SIGTERM", () => server.close(() => process.exit(0)));
