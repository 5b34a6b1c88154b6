/**
 * The admin's product pictures (issue 17 item 6): what the API answers and accepts. Browser-safe:
 * the admin screen types its calls with these.
 */
import { z } from "zod";
import { MAX_IMAGES_PER_PRODUCT } from "#domain/catalog/product-image-rules.ts";

export const productImageSchema = z.object({
  id: z.string(),
  /** 0 is the main picture: product cards, the product page's first picture, link previews. */
  position: z.number().int(),
  main: z.boolean(),
  /** The 800 px WebP, which names the set (image-resolution.ts derives the rest). */
  src: z.string(),
  avifSrcSet: z.string(),
  webpSrcSet: z.string(),
  /** The 1200×630 JPEG for link previews. */
  ogImage: z.string(),
  originalWidth: z.number().int(),
  originalHeight: z.number().int(),
  createdAt: z.string(),
});
export type ProductImageView = z.infer<typeof productImageSchema>;

export const productImagesSchema = z.object({
  productId: z.string(),
  productName: z.string(),
  images: z.array(productImageSchema),
});
export type ProductImagesView = z.infer<typeof productImagesSchema>;

export const reorderImagesBodySchema = z.strictObject({
  /** Every picture of the product, each once, in the new order (the first becomes the main one). */
  order: z
    .array(z.guid("Identificador de imagem inválido."), { error: "Envie a nova ordem das imagens." })
    .min(1, "Envie a nova ordem das imagens.")
    .max(MAX_IMAGES_PER_PRODUCT, `No máximo ${MAX_IMAGES_PER_PRODUCT} imagens.`),
});

export const updateImageBodySchema = z.strictObject({
  main: z.literal(true, { error: "Envie main: true para escolher a imagem principal." }),
});
