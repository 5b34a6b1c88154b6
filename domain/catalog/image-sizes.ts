/**
 * The sizes and formats of a product picture, apart from the resolution chain (image-resolution.ts):
 * every picture needs these, while the chain and its built-in catalogue matter only once an image
 * fails, so the browser loads those then (decision 086).
 */

/**
 * Our own illustrations (`/images/products/<name>-800.webp`, `npm run images`) and the admin's
 * uploads (`/uploads/products/<content hash>-800.webp`) come in three widths, each in AVIF and
 * WebP, and a 1200×630 social card (`-og.jpg`); the 800 px WebP names the set. Other images (links,
 * /lovable-uploads/) come in one size.
 */
const SIZED_IMAGE = /^(\/images\/products|\/uploads\/products)\/([a-z0-9-]+)-800\.webp$/;
export const OWN_IMAGE_WIDTHS = [400, 800, 1200] as const;
/** Every illustration and upload is 4:3. */
export const IMAGE_ASPECT = { width: 4, height: 3 } as const;
export const OG_IMAGE_SIZE = { width: 1200, height: 630 } as const;

export type ImageFormat = "avif" | "webp";

/** `srcset` of one format, for our own illustrations and uploads; undefined for any other image. */
export function imageSrcSet(src: string, format: ImageFormat = "webp"): string | undefined {
  const match = SIZED_IMAGE.exec(src);
  if (!match) return undefined;
  return OWN_IMAGE_WIDTHS.map((width) => `${match[1]}/${match[2]}-${width}.${format} ${width}w`).join(", ");
}

/** The image for link previews: the 1200×630 JPEG of an illustration or upload (WhatsApp and others ignore WebP/AVIF/SVG). */
export function socialImage(src: string): { url: string; width?: number; height?: number } {
  const match = SIZED_IMAGE.exec(src);
  if (!match) return { url: src };
  return { url: `${match[1]}/${match[2]}-og.jpg`, ...OG_IMAGE_SIZE };
}
