import type { ContentDocument } from "#app/features/content/content-document.ts";

/** A Markdown page of content/ (references, guide, prototype kit, courses intro), rendered on the server. */
export function ContentPage({ page, children }: { page: ContentDocument; children?: React.ReactNode }) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-bold text-stone-950 sm:text-4xl">{page.title}</h1>
      {/* Markdown from the repository (content/*.md), rendered on the server. */}
      <div className="content-prose" dangerouslySetInnerHTML={{ __html: page.html }} />
      {children}
    </article>
  );
}
