import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readdir, readFile, rm, stat, utimes, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { precompressDirectory, type Precompressed } from "./precompress.ts";

/** Minified-looking JavaScript that compresses like a real chunk (repeats, but not trivially). */
function sampleScript(lines = 400): string {
  return Array.from(
    { length: lines },
    (_, i) => `export function f${i}(a,b){return a.items.filter(x=>x.id!==${i * 7}).map(x=>({...x,total:x.price*b+${i}}))}`,
  ).join(";");
}

const BUILT_AT = new Date("2026-01-02T03:04:05Z");
let dir: string;
let results: Precompressed[];
const files: Record<string, Buffer> = {
  "assets/entry.client-AbC123.js": Buffer.from(sampleScript()),
  "assets/root-XyZ789.css": Buffer.from(
    Array.from({ length: 200 }, (_, i) => `.c${i}{color:#${(i * 4099).toString(16).padStart(6, "0")};margin:${i}px}`).join(""),
  ),
  "favicon.svg": Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg">${'<circle cx="8" cy="8" r="4"/>'.repeat(60)}</svg>`),
  "assets/tiny-Q1.js": Buffer.from("export const a=1;"),
  // A small route module, like the dozen a page loads: worth a copy (Brotli takes a third or more off).
  "assets/cursos-R2d2.js": Buffer.from(sampleScript(5)),
  // Images and fonts are compressed formats: another pass only costs CPU.
  "images/products/cogumelo-800.webp": Buffer.alloc(8000, 7),
  "images/og.jpg": Buffer.alloc(8000, 7),
  "assets/font.woff2": Buffer.alloc(8000, 7),
  // Random bytes do not shrink: a copy that is not smaller is not written.
  "noise.txt": randomBytes(4000),
};

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "shop-precompress-"));
  for (const [name, content] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dir, name)), { recursive: true });
    await writeFile(path.join(dir, name), content);
    // Built long ago: copies written now would otherwise carry another time.
    await utimes(path.join(dir, name), BUILT_AT, BUILT_AT);
  }
  results = await precompressDirectory(dir);
});
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe("precompressDirectory", () => {
  it("compresses a page's small modules too (a few hundred bytes), not only the large chunks", async () => {
    const name = "assets/cursos-R2d2.js";
    const original = files[name]!;
    expect(original.length).toBeGreaterThan(256);
    expect(original.length).toBeLessThan(1024);
    const br = await readFile(path.join(dir, `${name}.br`));
    expect(brotliDecompressSync(br).equals(original)).toBe(true);
    expect(br.length).toBeLessThan(original.length * 0.7);
  });

  it.each(["assets/entry.client-AbC123.js", "assets/root-XyZ789.css", "favicon.svg"])(
    "writes %s.br and .gz that decode to the original, Brotli smaller than gzip, gzip at least as small as the default level",
    async (name) => {
      const original = files[name]!;
      const br = await readFile(path.join(dir, `${name}.br`));
      const gz = await readFile(path.join(dir, `${name}.gz`));
      expect(brotliDecompressSync(br).equals(original)).toBe(true);
      expect(gunzipSync(gz).equals(original)).toBe(true);
      expect(br.length).toBeLessThan(gz.length);
      expect(gz.length).toBeLessThanOrEqual(gzipSync(original).length);
      expect(results.find((result) => result.file === name)).toEqual({ file: name, bytes: original.length, br: br.length, gz: gz.length });
    },
  );

  it("gives the copies the original's modification time (the same Last-Modified whichever is sent)", async () => {
    const original = await stat(path.join(dir, "assets/entry.client-AbC123.js"));
    for (const suffix of [".br", ".gz"]) {
      const copy = await stat(path.join(dir, `assets/entry.client-AbC123.js${suffix}`));
      // What serveStatic sends as Last-Modified (whole seconds).
      expect(copy.mtime.toUTCString()).toBe(original.mtime.toUTCString());
      expect(copy.mtime.toUTCString()).toBe(BUILT_AT.toUTCString());
    }
  });

  it("leaves images, fonts, files under MIN_BYTES and files that do not shrink alone", async () => {
    for (const name of ["images/products/cogumelo-800.webp", "images/og.jpg", "assets/font.woff2", "assets/tiny-Q1.js", "noise.txt"]) {
      expect(existsSync(path.join(dir, `${name}.br`)), `${name}.br`).toBe(false);
      expect(existsSync(path.join(dir, `${name}.gz`)), `${name}.gz`).toBe(false);
    }
    expect(results.map((result) => result.file).sort()).toEqual(
      ["assets/cursos-R2d2.js", "assets/entry.client-AbC123.js", "assets/root-XyZ789.css", "favicon.svg", "noise.txt"].sort(),
    );
    expect(results.find((result) => result.file === "noise.txt")).toEqual({ file: "noise.txt", bytes: 4000, br: undefined, gz: undefined });
  });

  it("run again on the same folder, compresses the originals only, never its own copies", async () => {
    await precompressDirectory(dir);
    const all = await readdir(dir, { recursive: true });
    expect(all.filter((name) => /\.(br|gz)\.(br|gz)$/.test(name))).toEqual([]);
    expect(brotliDecompressSync(await readFile(path.join(dir, "favicon.svg.br"))).equals(files["favicon.svg"]!)).toBe(true);
  });
});
