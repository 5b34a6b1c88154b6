/**
 * Spec §4 image resolution, in its order: the database image if valid, then a name match in the
 * built-in catalogue, then an id match, then the default image. Pure and small: the server
 * resolves while rendering, and the browser walks the same chain when an image fails to load.
 */
import { BUILT_IN_IMAGES, DEFAULT_PRODUCT_IMAGE } from "#domain/catalog/catalog-fallback.ts";

/** Where the admin's uploads are served from (the product editor stores them here). */
export const UPLOADS_PATH = "/uploads/";
const VALID_PREFIXES = [UPLOADS_PATH, "/lovable-uploads/"];

export type ImageSubject = {
  /** product_catalog.image, as the admin set it (or null). */
  dbImage?: string | null;
  name?: string | null;
  /** Numeric id or fixed UUID. */
  id?: number | string | null;
};

const UUID_PREFIX = "550e8400-e29b-41d4-a716-446655440";

/** Valid means: our uploads path, /lovable-uploads/, http(s)://, or our own origin (spec §4). */
export function isValidImageUrl(value: string | null | undefined, origin?: string): value is string {
  if (typeof value !== "string") return false;
  // No spaces, quotes, angle brackets or backslashes: a URL we would paste into src as is.
  if (value.length === 0 || value.length > 2048 || /[\s"'<>\\]/.test(value)) return false;
  if (value.includes("..")) return false;
  if (VALID_PREFIXES.some((prefix) => value.startsWith(prefix))) return true;
  if (origin && value.startsWith(`${origin.replace(/\/+$/, "")}/`)) return true;
  if (/^https?:\/\//i.test(value)) {
    try {
      return Boolean(new URL(value).hostname);
    } catch {
      return false;
    }
  }
  return false;
}

const normalize = (name: string) => name.normalize("NFC").trim().toLowerCase();
const BY_NAME = new Map(BUILT_IN_IMAGES.map((entry) => [normalize(entry.name), entry.image]));
const BY_ID = new Map(BUILT_IN_IMAGES.map((entry) => [entry.id, entry.image]));

export function builtInImageByName(name: string | null | undefined): string | undefined {
  return name ? BY_NAME.get(normalize(name)) : undefined;
}

export function builtInImageById(id: number | string | null | undefined): string | undefined {
  if (id === null || id === undefined) return undefined;
  let numeric: number;
  if (typeof id === "number") numeric = id;
  else if (id.startsWith(UUID_PREFIX) && /^\d{3}$/.test(id.slice(UUID_PREFIX.length))) numeric = Number(id.slice(UUID_PREFIX.length));
  else if (/^\d+$/.test(id)) numeric = Number(id);
  else return undefined;
  return BY_ID.get(numeric);
}

/** Every candidate in the spec's order, without repeats; the last one is always the default image. */
export function imageCandidates(subject: ImageSubject, origin?: string): string[] {
  const chain = [
    isValidImageUrl(subject.dbImage, origin) ? subject.dbImage : undefined,
    builtInImageByName(subject.name),
    builtInImageById(subject.id),
    DEFAULT_PRODUCT_IMAGE,
  ];
  return [...new Set(chain.filter((candidate): candidate is string => Boolean(candidate)))];
}

export function resolveProductImage(subject: ImageSubject, origin?: string): string {
  return imageCandidates(subject, origin)[0]!;
}

/** Where the uploads' files live: storage key `products/<hash>-<suffix>` is served at this path + key. */
export const PRODUCT_UPLOADS_PATH = `${UPLOADS_PATH}products/`;

/** The URL that names an upload (its 800 px WebP), from its content hash. */
export const uploadedImageUrl = (hash: string): string => `${PRODUCT_UPLOADS_PATH}${hash}-800.webp`;

export { IMAGE_ASPECT, type ImageFormat, imageSrcSet, OG_IMAGE_SIZE, OWN_IMAGE_WIDTHS, socialImage } from "#domain/catalog/image-sizes.ts";
