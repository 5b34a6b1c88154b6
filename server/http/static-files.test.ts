import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { precompressDirectory } from "../../scripts/precompress.ts";
import { setUpTestApp } from "#test/test-app.ts";
import { API_CSP } from "#server/http/security-headers.ts";

const SCRIPT = "/assets/produto-Dx81kQ.js";
const ICON = "/favicon.svg";
const IMAGE = "/images/products/cogumelo-800.webp";
const MANIFEST = "/.vite/islands-manifest.json";
const YEAR = "public, max-age=31536000, immutable";
const HOUR = "public, max-age=3600";

const files: Record<string, Buffer> = {
  [SCRIPT]: Buffer.from(
    Array.from({ length: 300 }, (_, i) => `export function p${i}(e,t){return e.filter(n=>n.id!==${i}).map(n=>n.price*t)}`).join(";"),
  ),
  [ICON]: Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg">${'<path d="M1 1h6v6H1z"/>'.repeat(80)}</svg>`),
  [IMAGE]: Buffer.alloc(6000, 3),
  [MANIFEST]: Buffer.from('{"app/islands/product-island.tsx":{"file":"assets/product-Ab12.js","name":"product","isEntry":true}}'),
};

let clientDir: string;
beforeAll(async () => {
  clientDir = await mkdtemp(path.join(os.tmpdir(), "shop-client-"));
  for (const [url, content] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(clientDir, url)), { recursive: true });
    await writeFile(path.join(clientDir, url), content);
  }
  // The client build as `npm run build` leaves it.
  await precompressDirectory(clientDir);
});
afterAll(async () => {
  if (clientDir) await rm(clientDir, { recursive: true, force: true });
});
// Registered after the hooks above: its beforeAll runs once the folder is there, its afterAll before the folder goes.
const ctx = setUpTestApp(() => ({ clientDir }));

async function get(url: string, acceptEncoding?: string) {
  const response = await ctx.app.request(url, { headers: acceptEncoding === undefined ? {} : { "accept-encoding": acceptEncoding } });
  expect(response.status).toBe(200);
  return { response, body: Buffer.from(await response.arrayBuffer()) };
}

function expectVaryOnEncoding(response: Response) {
  expect(response.headers.get("vary") ?? "").toMatch(/(^|,)\s*accept-encoding\s*(,|$)/i);
}

describe("static files of the client build", () => {
  it.each([
    ["br, gzip", "br"],
    // Chromium's header: no .zst copy exists, so Brotli.
    ["gzip, deflate, br, zstd", "br"],
    ["gzip, deflate", "gzip"],
    // A client that refuses Brotli must not get it.
    ["br;q=0, gzip", "gzip"],
  ])("an asset asked with Accept-Encoding %j comes as %s, the original once decoded, cached for a year", async (accept, encoding) => {
    const { response, body } = await get(SCRIPT, accept);
    expect(response.headers.get("content-encoding")).toBe(encoding);
    const decoded = encoding === "br" ? brotliDecompressSync(body) : gunzipSync(body);
    expect(decoded.equals(files[SCRIPT]!)).toBe(true);
    expect(response.headers.get("content-length")).toBe(String(body.length));
    expect(response.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe(YEAR);
    expectVaryOnEncoding(response);
  });

  it.each([undefined, "identity", "deflate"])(
    "an asset asked with Accept-Encoding %j comes as it is, still marked as varying",
    async (accept) => {
      const { response, body } = await get(SCRIPT, accept);
      expect(response.headers.get("content-encoding")).toBeNull();
      expect(body.equals(files[SCRIPT]!)).toBe(true);
      expect(response.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
      expect(response.headers.get("cache-control")).toBe(YEAR);
      expectVaryOnEncoding(response);
    },
  );

  it("a file outside /assets is sent precompressed too, cached for an hour", async () => {
    const br = await get(ICON, "gzip, deflate, br");
    expect(br.response.headers.get("content-encoding")).toBe("br");
    expect(brotliDecompressSync(br.body).equals(files[ICON]!)).toBe(true);
    expect(br.response.headers.get("content-type")).toBe("image/svg+xml; charset=utf-8");
    expect(br.response.headers.get("cache-control")).toBe(HOUR);
    expectVaryOnEncoding(br.response);

    const plain = await get(ICON);
    expect(plain.response.headers.get("content-encoding")).toBeNull();
    expect(plain.body.equals(files[ICON]!)).toBe(true);
    expect(plain.response.headers.get("cache-control")).toBe(HOUR);
    expectVaryOnEncoding(plain.response);
  });

  it("an image is sent as it is, whatever the browser accepts", async () => {
    const { response, body } = await get(IMAGE, "gzip, deflate, br, zstd");
    expect(response.headers.get("content-encoding")).toBeNull();
    expect(response.headers.get("vary")).toBeNull();
    expect(body.equals(files[IMAGE]!)).toBe(true);
    expect(response.headers.get("content-type")).toBe("image/webp");
    expect(response.headers.get("cache-control")).toBe(HOUR);
  });

  it("a built script gets the fixed no-document policy; a file outside /assets (an SVG can be opened as a page) keeps the page's, with its nonce", async () => {
    const script = await get(SCRIPT, "br");
    expect(script.response.headers.get("content-security-policy")).toBe(API_CSP);
    expect(script.response.headers.get("x-content-type-options")).toBe("nosniff");
    const icon = await get(ICON, "br");
    expect(icon.response.headers.get("content-security-policy")).toMatch(/script-src 'self' 'nonce-[^']+'/);
  });

  it("the build's metadata in a dot folder is not served", async () => {
    const response = await ctx.app.request(MANIFEST);
    expect(response.status).toBe(404);
  });

  it("a missing asset is not found (and not cached for a year)", async () => {
    const response = await ctx.app.request("/assets/nao-existe-123.js", { headers: { "accept-encoding": "br, gzip" } });
    expect(response.status).toBe(404);
    expect(response.headers.get("cache-control")).not.toBe(YEAR);
  });
});
