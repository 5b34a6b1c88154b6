import { describe, expect, it } from "vitest";
import { contentPage, parseContent } from "#app/features/content/content-pages.server.ts";

const PAGES = ["cursos", "guia-cultivo", "prototipo-kit-cultivo-gt", "referencias"] as const;
const CLAIMS =
  /(?<!\p{L})(doses?|dosagem|microdos\p{L}*|consum\p{L}*|ingest\p{L}*|ingerir|efeitos?|psicod[eé]lic\p{L}*|alucin\p{L}*|trip|viagem|recreativ\p{L}*|terap\p{L}*|chá)(?!\p{L})/iu;

describe("content pages (Markdown in content/)", () => {
  it("takes the title from the first heading, drops the editor's note, and renders the body on the server", () => {
    const page = parseContent("<!-- nota do editor -->\n\n# Título\n\nPrimeiro **parágrafo** com [link](/x).\n\n## Seção\n\n- item\n");
    expect(page.title).toBe("Título");
    expect(page.description).toBe("Primeiro parágrafo com link.");
    expect(page.html).not.toContain("nota do editor");
    expect(page.html).not.toContain("<h1");
    expect(page.html).toContain("<h2>Seção</h2>");
    expect(page.html).toContain('<a href="/x">link</a>');
  });

  it.each(PAGES)("%s has a title, a short description, a body and no dosage, consumption or effect claims", (id) => {
    const page = contentPage(id);
    expect(page.title.length).toBeGreaterThan(3);
    expect(page.description.length).toBeGreaterThan(20);
    expect(page.description.length).toBeLessThanOrEqual(160);
    expect(page.html.length).toBeGreaterThan(100);
    expect(page.html).not.toMatch(CLAIMS);
  });

  it("keeps the guide to general laboratory hygiene and storage notes", () => {
    const guide = contentPage("guia-cultivo");
    expect(guide.title).toMatch(/higiene/i);
    expect(guide.html).toMatch(/Armazenamento/);
    expect(guide.html).toMatch(/Higiene pessoal/);
  });
});
