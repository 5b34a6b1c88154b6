/**
 * A digital product's file (decision 062): the limits the server enforces and the admin screen
 * says and checks first. No zod: the admin screen imports these.
 */

/** A long e-book with pictures fits; a video course does not belong in a PDF download. */
export const MAX_DOWNLOAD_BYTES = 50 * 1024 * 1024;
export const DOWNLOAD_TOO_LARGE_MESSAGE = "O arquivo passa de 50 MB. Envie um PDF menor (comprima as imagens ao exportar).";
export const NOT_A_PDF_MESSAGE = "Envie um arquivo PDF: este arquivo não é um PDF (o tipo é lido do conteúdo, não do nome).";
export const DOWNLOAD_UPLOAD_FIELD = "file";

const PDF_MAGIC = [0x25, 0x50, 0x44, 0x46, 0x2d]; // "%PDF-"
/**
 * Whether the bytes are a PDF, by their content: the "%PDF-" header, which readers accept within
 * the first 1024 bytes (some generators put a byte-order mark or junk first). The name and the
 * type the browser sent are never trusted.
 */
export function isPdf(bytes: Uint8Array): boolean {
  const end = Math.min(bytes.length - PDF_MAGIC.length, 1024);
  for (let start = 0; start <= end; start++) {
    if (PDF_MAGIC.every((byte, i) => bytes[start + i] === byte)) return true;
  }
  return false;
}
