// What ./product-details.tsx shares with the islands' stand-in that keeps its server HTML (./product-details-kept.tsx).

export const KEY_POINTS_CLASS = "grid gap-2 sm:grid-cols-2";
export const DETAILS_CLASS = "space-y-4";
