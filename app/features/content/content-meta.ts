import type { MetaDescriptor } from "react-router";
import type { ContentDocument } from "#app/features/content/content-document.ts";

export function contentMeta(page: ContentDocument | undefined, origin: string | undefined, path: string): MetaDescriptor[] {
  if (!page) return [{ title: "Loja Micologia" }];
  return [
    { title: `${page.title} | Loja Micologia` },
    { name: "description", content: page.description },
    ...(origin ? [{ tagName: "link", rel: "canonical", href: `${origin}${path}` }] : []),
    { property: "og:type", content: "article" },
    { property: "og:title", content: page.title },
    { property: "og:description", content: page.description },
    ...(origin ? [{ property: "og:url", content: `${origin}${path}` }] : []),
  ];
}
