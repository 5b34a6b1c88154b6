/** Shapes of the catalogue (spec §3 "Catalogue entry"), shared by the seed, the server and the pages. */
import type { CATEGORY_IDS } from "#domain/catalog/product-slugs.ts";

export type CategoryId = keyof typeof CATEGORY_IDS;

/** Dried samples are sold by the gram (2 g sachets); everything else by the unit (docs/requirements.md). */
export type UnitType = "gram" | "unit";

export type { DetailIcon, ProductDetail } from "#platform/db/json-columns.ts";
import type { PriceTablePoint, ProductDetail } from "#platform/db/json-columns.ts";

export type Ratings = { average: number; count: number };

/** One product as the catalogue module ships it and the seed writes it. */
export type CatalogEntry = {
  id: number;
  uuid: string;
  slug: string;
  category: CategoryId;
  name: string;
  subtitle: string;
  description: string;
  keyPoints: string[];
  details: ProductDetail[];
  badge: string | null;
  route: string;
  ratings: Ratings;
  image: string;
  images: string[];
  /** Spec §3: shown but cannot be bought (the Golden Teacher sample). */
  buttonDisabled: boolean;
  unitType: UnitType;
  /** Price of one unit in cents; null for gram products, which follow the price table. */
  priceCents: number | null;
  /** Units (or grams) on hand; null when there is no stock limit (made to order, services, digital). */
  stock: number | null;
  madeToOrder: boolean;
  leadTimeBusinessDays: number | null;
  /** Services and educational items are never shipped and never ask for an address. */
  needsShipping: boolean;
  /** What the buyer is told once paid: access to a course or workshop, how a service is booked (decision 030). */
  accessInstructions?: string;
  /** Digital products: the file the buyer downloads, under DATA_DIR/downloads (decision 030). */
  downloadFile?: string;
};

export type Availability = "in_stock" | "out_of_stock" | "made_to_order";

/** What a product card needs: no long texts, so the home page stays light. */
export type ProductSummary = {
  uuid: string;
  id: number;
  slug: string;
  category: CategoryId;
  name: string;
  subtitle: string;
  badge: string | null;
  route: string;
  ratings: Ratings;
  /** Resolved in the spec's order (§4); the browser walks the rest of the chain if it fails. */
  image: string;
  unitType: UnitType;
  /** "a partir de": the 2 g price for samples, the unit price otherwise. */
  startingPriceCents: number;
  availability: Availability;
  /** False for buttonDisabled products and for products out of stock. */
  purchasable: boolean;
  leadTimeBusinessDays: number | null;
  needsShipping: boolean;
  updatedAt: string;
};

export type ProductPageData = ProductSummary & {
  description: string;
  keyPoints: string[];
  details: ProductDetail[];
  /** Gallery: the resolved main image first, then the other built-in pictures. */
  images: string[];
  /** Unit price in cents; null for gram products (price table). */
  priceCents: number | null;
  /** Gram products: the owner's price table, or null for the spec's (decision 021). */
  priceTable: PriceTablePoint[] | null;
  fixed: boolean;
};
