// The outer boxes of the product page's parts the islands keep as the server's HTML (./product-texts-kept.tsx,
// ./product-heading-kept.tsx): the real components and their stand-ins draw the same ones.

export const KEY_POINTS_CLASS = "grid gap-2 sm:grid-cols-2";
export const DETAILS_CLASS = "space-y-4";
export const PRODUCT_TEXTS_CLASS = "space-y-8";
export const BREADCRUMB_LABEL = "Você está em";
export const BREADCRUMB_CLASS = "text-sm text-stone-600";
