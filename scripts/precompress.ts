// Run by `npm run build` after `react-router build`: writes a Brotli (`.br`, quality 11) and a gzip
// (`.gz`, level 9) copy beside each compressible file of build/client. The files never change
// after the build, so they are compressed once, at the slowest and smallest settings, and the
// server sends the copies as they are (server/http/static-files.ts) instead of spending CPU on
// every request for a larger result.
import { readdir, readFile, rm, stat, utimes, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Brotli's text mode suits these; `.ico` is binary. Images and fonts (webp, jpg, png, woff2) are compressed already. */
const TEXT_EXTENSIONS = new Set([".js", ".css", ".svg", ".json", ".xml", ".txt", ".webmanifest", ".html"]);
const BINARY_EXTENSIONS = new Set([".ico"]);

/**
 * Below this, the `Content-Encoding` and `Vary` headers (~45 bytes) and the compressor's framing
 * eat most of the saving. Not 1 KB (Hono's `compress()` threshold): a page loads a dozen route and
 * helper modules of 300 B to 1 KB, and Brotli takes a third to a half off each (~3 KB per page).
 */
export const MIN_BYTES = 256;

export type Precompressed = { file: string; bytes: number; br?: number; gz?: number };

async function writeVariant(file: string, original: Buffer, variant: Buffer, mtime: Date): Promise<number | undefined> {
  if (variant.length >= original.length) {
    // A copy left by an earlier run of this script would otherwise still be served.
    await rm(file, { force: true });
    return undefined;
  }
  await writeFile(file, variant);
  // Same Last-Modified whichever encoding the server picks.
  await utimes(file, mtime, mtime);
  return variant.length;
}

async function precompressFile(dir: string, relative: string): Promise<Precompressed | undefined> {
  const extension = path.extname(relative).toLowerCase();
  const text = TEXT_EXTENSIONS.has(extension);
  if (!text && !BINARY_EXTENSIONS.has(extension)) return undefined;
  const file = path.join(dir, relative);
  const info = await stat(file);
  if (!info.isFile() || info.size < MIN_BYTES) return undefined;
  const original = await readFile(file);
  const [br, gz] = await Promise.all([
    brotli(original, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_MODE]: text ? zlib.constants.BROTLI_MODE_TEXT : zlib.constants.BROTLI_MODE_GENERIC,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: original.length,
      },
    }),
    gzip(original, { level: zlib.constants.Z_BEST_COMPRESSION }),
  ]);
  return {
    file: relative,
    bytes: original.length,
    br: await writeVariant(`${file}.br`, original, br, info.mtime),
    gz: await writeVariant(`${file}.gz`, original, gz, info.mtime),
  };
}

/** Writes `.br` and `.gz` beside every compressible file under `dir` (recursively); returns what it wrote. */
export async function precompressDirectory(dir: string): Promise<Precompressed[]> {
  const entries = await readdir(dir, { recursive: true });
  const results = await Promise.all(entries.map((relative) => precompressFile(dir, relative)));
  return results.filter((result) => result !== undefined);
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

if (import.meta.main) {
  const dir = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, "..", "build", "client"));
  const results = await precompressDirectory(dir);
  const sum = (pick: (result: Precompressed) => number) => results.reduce((total, result) => total + pick(result), 0);
  console.log(
    `Pré-compressão em ${path.relative(process.cwd(), dir) || "."}: ${results.length} arquivos, ${kb(sum((r) => r.bytes))} → ` +
      `brotli ${kb(sum((r) => r.br ?? r.bytes))}, gzip ${kb(sum((r) => r.gz ?? r.bytes))}`,
  );
}
