import { Marked } from "marked";
// Bundled as text at build time: the server reads no file at run time and the browser never gets them.
import cursos from "../../../content/cursos.md?raw";
import guiaCultivo from "../../../content/guia-cultivo.md?raw";
import prototipoKit from "../../../content/prototipo-kit-cultivo-gt.md?raw";
import referencias from "../../../content/referencias.md?raw";
import type { ContentDocument } from "#app/features/content/content-document.ts";

const SOURCES = {
  cursos,
  "guia-cultivo": guiaCultivo,
  "prototipo-kit-cultivo-gt": prototipoKit,
  referencias,
} as const;

export type ContentPageId = keyof typeof SOURCES;

const marked = new Marked({ gfm: true, async: false });
const EDITOR_NOTE = /^\s*<!--[\s\S]*?-->\s*/;

function plainText(markdown: string): string {
  return markdown
    .replace(/\[([^\]]+)\]\([^)]+\)/g, "$1")
    .replace(/[*_`>#]/g, "")
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * A Markdown page of content/: the editor's opening comment is not published, the first `# ` line
 * is the page title, the first paragraph is the search-result description, the rest is the body.
 */
export function parseContent(source: string): ContentDocument {
  const markdown = source.replace(EDITOR_NOTE, "");
  const titleMatch = /^# (.+)$/m.exec(markdown);
  const title = titleMatch?.[1]?.trim() ?? "";
  const body = titleMatch ? markdown.slice(titleMatch.index + titleMatch[0].length) : markdown;
  const firstParagraph = body.trim().split(/\n\s*\n/)[0] ?? "";
  const description = plainText(firstParagraph);
  return {
    title,
    description: description.length > 160 ? `${description.slice(0, 157).replace(/\s+\S*$/, "")}…` : description,
    html: marked.parse(body) as string,
  };
}

const cache = new Map<ContentPageId, ContentDocument>();

export function contentPage(id: ContentPageId): ContentDocument {
  let page = cache.get(id);
  if (!page) {
    page = parseContent(SOURCES[id]);
    cache.set(id, page);
  }
  return page;
}
