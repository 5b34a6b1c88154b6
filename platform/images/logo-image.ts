/**
 * A shop's logo for the header and the e-mails (decision 062): one PNG (every mail client shows
 * PNG; WebP and AVIF are not safe there), drawn 32 px high on the page and twice that in pixels for
 * sharp screens, never wider than LOGO_MAX_WIDTH. Transparency kept; metadata dropped.
 */
import sharp from "sharp";
import { MAX_INPUT_PIXELS } from "#platform/images/image-variants.ts";

export const LOGO_PIXEL_HEIGHT = 64;
export const LOGO_MAX_WIDTH = 480;

export type LogoImage = { body: Buffer; width: number; height: number };

/** Throws sharp's error when the bytes are not a picture it can decode. */
export async function logoPng(input: Buffer): Promise<LogoImage> {
  const { data, info } = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS })
    .rotate()
    .resize({ height: LOGO_PIXEL_HEIGHT, width: LOGO_MAX_WIDTH, fit: "inside", withoutEnlargement: false })
    .png({ compressionLevel: 9, palette: true })
    .toBuffer({ resolveWithObject: true });
  return { body: data, width: info.width, height: info.height };
}
