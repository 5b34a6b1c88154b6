// What ./star-rating.tsx shares with the islands' stand-in that keeps its server HTML (./star-rating-kept.tsx).

/** The ratings' box: its text size follows the stars' size. */
export const starRatingClass = (size: "sm" | "md") => `space-y-0.5 ${size === "md" ? "text-base" : "text-sm"}`;
