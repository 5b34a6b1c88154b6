// The boxes of the product's texts (./product-texts.tsx, ./product-details.tsx); the islands' stand-in
// (./product-texts-kept.tsx) keeps the server's HTML in the same outer box.

export const KEY_POINTS_CLASS = "grid gap-2 sm:grid-cols-2";
export const DETAILS_CLASS = "space-y-4";
export const PRODUCT_TEXTS_CLASS = "space-y-8";
