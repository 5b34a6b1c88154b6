import { Marked } from "marked";
import type { PublicConfig } from "#platform/public-config.ts";
// Bundled as text at build time: the server reads no file at run time and the browser never gets it.
import source from "../../../content/legal.md?raw";
import type { LegalSection } from "#app/features/legal/legal-section.ts";

type LegalIdentity = PublicConfig["legal"];

/** `## Title {#id}` gives a section a stable id that does not change when its title is reworded. */
const HEADING_ID = /\s*\{#([a-z0-9-]+)\}\s*$/;
const PLACEHOLDER = /\{\{(name|cnpj|address|email)\}\}/g;

const marked = new Marked({ gfm: true, async: false });

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function slugify(title: string): string {
  return title
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

/**
 * Splits the document at its level-2 headings; the text before the first one (the editor's
 * comment) is not published. Titles are plain text, rendered (and escaped) by React.
 */
function toSections(markdown: string): LegalSection[] {
  return markdown
    .split(/^(?=## )/m)
    .filter((part) => part.startsWith("## "))
    .map((part) => {
      const newline = part.indexOf("\n");
      const heading = (newline === -1 ? part : part.slice(0, newline)).slice(3);
      const body = newline === -1 ? "" : part.slice(newline + 1);
      const title = heading.replace(HEADING_ID, "").trim();
      const id = HEADING_ID.exec(heading)?.[1] ?? slugify(title);
      return { id, title, html: marked.parse(body) as string };
    });
}

// The identity only changes with a restart, so the document is rendered once per identity.
let cached: { key: string; sections: LegalSection[] } | undefined;

/** The legal page as HTML sections, with the shop's identity filled in (escaped: it is text). */
export function legalSections(identity: LegalIdentity): LegalSection[] {
  const key = JSON.stringify(identity);
  if (cached?.key !== key) {
    const filled = source.replace(PLACEHOLDER, (_match, field: keyof LegalIdentity) => escapeHtml(identity[field]));
    cached = { key, sections: toSections(filled) };
  }
  return cached.sections;
}

const SECTION_BY_PATH: Record<string, string> = {
  "/privacidade": "privacidade",
  "/termos": "termos",
  "/cookies": "cookies",
};

/** Which section the visited address is about: /termos → "termos". */
export function currentSection(pathname: string): string {
  return SECTION_BY_PATH[pathname.replace(/\/+$/, "")] ?? "privacidade";
}
