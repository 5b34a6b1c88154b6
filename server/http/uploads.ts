/**
 * File uploads (multipart/form-data) of the API: one file in one named field. The endpoint declares
 * an `UploadSpec` (server/http/api.ts: `upload`), which sets its body limit, documents the request
 * in the OpenAPI document, and is what its handler reads the file with.
 */
import type { Context } from "hono";
import type { AppEnv } from "#server/http/app-env.ts";
import { ApiError } from "#server/http/errors.ts";
import { sniffImageType, type AcceptedImageType } from "#platform/images/image-type.ts";
import { isPdf, NOT_A_PDF_MESSAGE } from "#domain/catalog/product-file-rules.ts";

export type UploadSpec = {
  /** The form field that carries the file. */
  field: string;
  /** The largest file accepted, in bytes. */
  maxBytes: number;
  /** For the OpenAPI document: the media types accepted. */
  mediaTypes: readonly string[];
  description: string;
  /** The 413 refusal, in words the uploader understands ("A imagem passa de 10 MB"). */
  tooLarge: () => ApiError;
};

/**
 * Room for the multipart framing around the file (boundaries, part headers): a request larger than
 * the file limit plus this is refused by its Content-Length alone, before a byte of it is read.
 */
export const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

export const uploadRequestLimit = (spec: UploadSpec): number => spec.maxBytes + MULTIPART_OVERHEAD_BYTES;

const notMultipart = () =>
  new ApiError(415, "unsupported_media_type", "Envie o arquivo como multipart/form-data (um formulário de envio de arquivo).");

/** The one file of the request, refused when absent (400), empty (400) or larger than the spec allows (413). */
export async function readUploadedFile(c: Context<AppEnv>, spec: UploadSpec): Promise<Buffer> {
  if (!(c.req.header("content-type") ?? "").toLowerCase().startsWith("multipart/form-data")) throw notMultipart();
  let form: FormData;
  try {
    form = await c.req.raw.formData();
  } catch {
    throw new ApiError(400, "invalid_upload", "O envio chegou incompleto ou malformado. Tente enviar o arquivo de novo.");
  }
  const file = form.get(spec.field);
  if (!(file instanceof File)) {
    throw new ApiError(400, "missing_file", `Escolha um arquivo para enviar (campo ${spec.field}).`);
  }
  if (file.size > spec.maxBytes) throw spec.tooLarge();
  if (file.size === 0) throw new ApiError(400, "empty_file", "O arquivo está vazio.");
  return Buffer.from(await file.arrayBuffer());
}

/**
 * An uploaded picture whose first bytes say JPEG, PNG or WebP. The name and the Content-Type the
 * browser sent are ignored: a PNG named .jpg is a PNG, a GIF or a text file sent as image/jpeg is refused.
 */
export async function readUploadedImage(c: Context<AppEnv>, spec: UploadSpec): Promise<{ bytes: Buffer; type: AcceptedImageType }> {
  const bytes = await readUploadedFile(c, spec);
  const type = sniffImageType(bytes);
  if (!type) {
    throw new ApiError(415, "unsupported_image_type", "Formato não aceito: envie uma foto em JPEG, PNG ou WebP.");
  }
  return { bytes, type };
}

/** An uploaded PDF, known by its "%PDF-" header: a text, image or program named .pdf is refused (415). */
export async function readUploadedPdf(c: Context<AppEnv>, spec: UploadSpec): Promise<Buffer> {
  const bytes = await readUploadedFile(c, spec);
  if (!isPdf(bytes)) throw new ApiError(415, "not_a_pdf", NOT_A_PDF_MESSAGE);
  return bytes;
}
