// Real pictures for the upload tests, made with sharp: a gradient and a few shapes, so the encoders
// have something to work on and every colour gives a file (and a content hash) of its own.
import sharp from "sharp";

export type SampleFormat = "jpeg" | "png" | "webp" | "gif";

export async function samplePhoto(format: SampleFormat, colour = "#0f766e", size = { width: 1600, height: 1200 }): Promise<Buffer> {
  const { width, height } = size;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${colour}"/><stop offset="1" stop-color="#fef3c7"/></linearGradient></defs>
  <rect width="${width}" height="${height}" fill="url(#g)"/>
  <circle cx="${width * 0.6}" cy="${height * 0.45}" r="${height * 0.25}" fill="#92400e"/>
  <rect x="${width * 0.2}" y="${height * 0.6}" width="${width * 0.3}" height="${height * 0.2}" fill="#f5f5f4"/>
</svg>`;
  return sharp(Buffer.from(svg)).toFormat(format).toBuffer();
}
