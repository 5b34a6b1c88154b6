import type { MetaDescriptor } from "react-router";
import type { ContentDocument } from "#app/features/content/content-document.ts";

/** A text page's title (ending with the shop's name, decision 087), description and sharing tags. */
export function contentMeta(page: ContentDocument | undefined, origin: string | undefined, path: string, shopName: string): MetaDescriptor[] {
  if (!page) return [{ title: shopName }];
  return [
    { title: `${page.title} | ${shopName}` },
    { name: "description", content: page.description },
    ...(origin ? [{ tagName: "link", rel: "canonical", href: `${origin}${path}` }] : []),
    { property: "og:type", content: "article" },
    { property: "og:site_name", content: shopName },
    { property: "og:title", content: page.title },
    { property: "og:description", content: page.description },
    ...(origin ? [{ property: "og:url", content: `${origin}${path}` }] : []),
  ];
}
