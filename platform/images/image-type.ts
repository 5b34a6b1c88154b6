/**
 * The real type of an uploaded image, read from its first bytes (its "magic number"), never from
 * the file name or the Content-Type the browser sent. Three formats are enough for photos; anything
 * else (GIF, SVG, HEIC, a text file) is refused before any decoder sees it. Hand-written rather than
 * a dependency: three fixed signatures, each a line.
 */
export type AcceptedImageType = "jpeg" | "png" | "webp";

const startsWith = (bytes: Uint8Array, signature: number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((byte, index) => bytes[offset + index] === byte);

const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

export function sniffImageType(bytes: Uint8Array): AcceptedImageType | undefined {
  // JPEG: SOI marker followed by another marker.
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "jpeg";
  // PNG: the eight-byte signature.
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  // WebP: a RIFF file whose form type is WEBP.
  if (startsWith(bytes, ascii("RIFF")) && startsWith(bytes, ascii("WEBP"), 8)) return "webp";
  return undefined;
}
