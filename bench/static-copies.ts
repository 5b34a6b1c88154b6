// The static copies of issue 20's LCP target: each page's HTML as the shop serves it to a first
// visitor, with every script removed (module scripts, their modulepreloads, the island's data and
// JSON-LD), gzipped, written where bench/bare-static.ts serves it. What is left is what a static
// site would send: the same markup, stylesheet, images and preloads.
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { gzipSync } from "node:zlib";

/** The HTML without scripts: `<script>` elements and `<link rel="modulepreload">`. */
export function withoutScripts(html: string): string {
  return html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, "").replace(/<link\b[^>]*\brel="modulepreload"[^>]*>/gi, "");
}

/** Fetches each page from the shop and writes its static copy under `folder`. */
export async function writeStaticCopies(shopOrigin: string, pages: readonly string[], folder: string): Promise<void> {
  for (const pathname of pages) {
    const response = await fetch(new URL(pathname, shopOrigin));
    if (!response.ok) throw new Error(`static copy of ${pathname}: ${response.status}`);
    const target = path.join(folder, pathname, "index.html.gz");
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, gzipSync(withoutScripts(await response.text()), { level: 6 }));
  }
}
