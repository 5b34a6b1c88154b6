/** Title, description, canonical URL, Open Graph and JSON-LD of a product page (issue: search and sharing). */
import type { MetaDescriptor } from "react-router";
import type { Availability, ProductPageData } from "#domain/catalog/catalog-types.ts";
import { CATEGORIES } from "#domain/catalog/categories.ts";
import { socialImage } from "#domain/catalog/image-resolution.ts";
import type { PublishedReview } from "#domain/reviews/review-schemas.ts";

const SCHEMA_AVAILABILITY: Record<Availability, string> = {
  in_stock: "https://schema.org/InStock",
  out_of_stock: "https://schema.org/OutOfStock",
  made_to_order: "https://schema.org/MadeToOrder",
};

const absolute = (origin: string, path: string) => new URL(path, origin).toString();
const amount = (cents: number) => (cents / 100).toFixed(2);

/** The description cut at a word to at most 160 characters: what search results show. */
export function metaDescription(product: Pick<ProductPageData, "description">): string {
  const text = product.description.replace(/\s+/g, " ").trim();
  if (text.length <= 160) return text;
  const cut = text.slice(0, 157);
  return `${cut.slice(0, cut.lastIndexOf(" "))}…`;
}

/** The page's data, with the approved reviews it shows (decision 029); without them, only the rating. */
type SeoProduct = ProductPageData & { reviews?: { reviews: PublishedReview[] } };

/** `shopName`: the owner's (decision 087), the brand and seller of every product. */
export function productJsonLd(product: SeoProduct, origin: string, shopName: string) {
  const url = absolute(origin, product.route);
  const price = amount(product.startingPriceCents);
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    "@id": `${url}#produto`,
    name: product.name,
    description: product.description,
    image: product.images.map((image) => absolute(origin, image)),
    sku: String(product.id),
    productID: product.uuid,
    url,
    category: CATEGORIES.find((category) => category.id === product.category)?.title,
    brand: { "@type": "Brand", name: shopName },
    offers: {
      "@type": "Offer",
      url,
      priceCurrency: "BRL",
      price,
      availability: SCHEMA_AVAILABILITY[product.availability],
      itemCondition: "https://schema.org/NewCondition",
      seller: { "@type": "Organization", name: shopName },
      // Samples are sold by the gram: the price is that of the smallest quantity, 2 g.
      ...(product.unitType === "gram"
        ? {
            priceSpecification: {
              "@type": "UnitPriceSpecification",
              price,
              priceCurrency: "BRL",
              referenceQuantity: { "@type": "QuantitativeValue", value: 2, unitCode: "GRM" },
            },
          }
        : {}),
    },
    // Only the shop's verified reviews: the previous shop's figures are not reviews anyone can read
    // here, so search engines never get them as such (decision 057).
    ...(product.ratings.verified.count > 0
      ? {
          aggregateRating: {
            "@type": "AggregateRating",
            ratingValue: product.ratings.verified.average,
            reviewCount: product.ratings.verified.count,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
    // The approved reviews the page shows, each a verified purchase (decision 029).
    ...(product.reviews && product.reviews.reviews.length > 0
      ? {
          review: product.reviews.reviews.map((review) => ({
            "@type": "Review",
            author: { "@type": "Person", name: review.authorName },
            datePublished: review.createdAt.slice(0, 10),
            reviewRating: { "@type": "Rating", ratingValue: review.stars, bestRating: 5, worstRating: 1 },
            ...(review.comment ? { reviewBody: review.comment } : {}),
          })),
        }
      : {}),
  };
}

export function productMeta(product: SeoProduct, origin: string, shopName: string): MetaDescriptor[] {
  const title = `${product.name} | ${shopName}`;
  const description = metaDescription(product);
  const canonical = absolute(origin, product.route);
  const share = socialImage(product.image);
  return [
    { title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: canonical },
    { property: "og:type", content: "product" },
    { property: "og:site_name", content: shopName },
    { property: "og:locale", content: "pt_BR" },
    { property: "og:title", content: product.name },
    { property: "og:description", content: description },
    { property: "og:url", content: canonical },
    { property: "og:image", content: absolute(origin, share.url) },
    ...(share.width
      ? [
          { property: "og:image:width", content: String(share.width) },
          { property: "og:image:height", content: String(share.height) },
        ]
      : []),
    { property: "og:image:alt", content: product.name },
    { property: "product:price:amount", content: amount(product.startingPriceCents) },
    { property: "product:price:currency", content: "BRL" },
    { name: "twitter:card", content: "summary_large_image" },
    { "script:ld+json": productJsonLd(product, origin, shopName) },
  ];
}
