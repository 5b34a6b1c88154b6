/**
 * The one image pipeline (sharp, i.e. libvips): from one picture, the sizes the pages' `srcset`
 * offers in AVIF and WebP, and a JPEG for link previews (WhatsApp and others read neither AVIF
 * nor WebP). The admin's uploads and `npm run images` (the built-in drawings) both go through it.
 */
import sharp from "sharp";

export type ImageVariant = {
  /** The end of the file's name: "400.avif", "800.webp", "og.jpg". */
  suffix: string;
  contentType: string;
  body: Buffer;
  width: number;
  height: number;
};

export type VariantOptions = {
  /** Widths of the page sizes; each is cropped to `aspect` (centred on what stands out). */
  widths: readonly number[];
  aspect: { width: number; height: number };
  og: { width: number; height: number };
  /**
   * How the picture fills the preview card: "cover" crops it (a photo), "contain" centres it whole
   * on `background` (a drawing with its own margins).
   */
  ogFit?: { fit: "cover" } | { fit: "contain"; background: string };
  /** For vector input (SVG): the density to rasterise it at, so the largest size stays sharp. */
  density?: number;
};

// Quality chosen by eye on photos and on the drawings: no visible banding at these settings, and
// AVIF about half the bytes of WebP at the same look.
const AVIF = { quality: 55, effort: 4 } as const;
const WEBP = { quality: 82, effort: 4 } as const;
const JPEG = { quality: 85, mozjpeg: true } as const;

/** Pictures above this many pixels (about 8000 × 6000) are refused before decoding: a "decompression bomb". */
export const MAX_INPUT_PIXELS = 50_000_000;

/** sharp's default `failOn: "warning"` stays: a truncated or damaged file is refused, not half drawn. */
function open(input: Buffer, options: VariantOptions) {
  return (
    sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, ...(options.density ? { density: options.density } : {}) })
      // A phone photo's EXIF orientation applied to its pixels; the EXIF itself (GPS position
      // included) is not copied to any output, sharp's default.
      .rotate()
  );
}

export async function imageVariants(input: Buffer, options: VariantOptions): Promise<ImageVariant[]> {
  const jobs: Array<Promise<ImageVariant>> = [];
  for (const width of options.widths) {
    const height = Math.round((width * options.aspect.height) / options.aspect.width);
    const resized = () => open(input, options).resize(width, height, { fit: "cover", position: sharp.strategy.attention });
    jobs.push(
      resized()
        .avif(AVIF)
        .toBuffer()
        .then((body) => ({ suffix: `${width}.avif`, contentType: "image/avif", body, width, height })),
      resized()
        .webp(WEBP)
        .toBuffer()
        .then((body) => ({ suffix: `${width}.webp`, contentType: "image/webp", body, width, height })),
    );
  }
  const { width, height } = options.og;
  const fit = options.ogFit ?? { fit: "cover" };
  jobs.push(
    open(input, options)
      .resize(
        width,
        height,
        fit.fit === "cover" ? { fit: "cover", position: sharp.strategy.attention } : { fit: "contain", background: fit.background },
      )
      .flatten({ background: fit.fit === "contain" ? fit.background : "#ffffff" })
      .jpeg(JPEG)
      .toBuffer()
      .then((body) => ({ suffix: "og.jpg", contentType: "image/jpeg", body, width, height })),
  );
  return Promise.all(jobs);
}

/** Format and size (after the EXIF orientation) from the file's header; throws when sharp cannot read it. */
export async function readImageInfo(input: Buffer): Promise<{ format: string; width: number; height: number }> {
  const metadata = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
  return { format: metadata.format, width: metadata.autoOrient.width, height: metadata.autoOrient.height };
}
