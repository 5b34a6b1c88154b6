import { describe, expect, it } from "vitest";
import { DEFAULT_PRODUCT_IMAGE } from "#domain/catalog/catalog-fallback.ts";
import {
  builtInImageById,
  builtInImageByName,
  imageCandidates,
  imageSrcSet,
  isValidImageUrl,
  resolveProductImage,
  socialImage,
  uploadedImageUrl,
} from "#domain/catalog/image-resolution.ts";

const ORIGIN = "https://loja.example";
const GT_CULTURE = "/images/products/cultura-liquida-golden-teacher-800.webp";
const PE7_SAMPLE = "/images/products/cogumelo-penis-envy-7-800.webp";

describe("isValidImageUrl (spec §4)", () => {
  it.each([
    "/uploads/produto-4.webp",
    "/lovable-uploads/abc.png",
    "http://cdn.example/a.jpg",
    "https://cdn.example/a.jpg",
    `${ORIGIN}/imagens/a.png`,
  ])("accepts %s", (url) => {
    expect(isValidImageUrl(url, ORIGIN)).toBe(true);
  });

  it.each([
    null,
    undefined,
    "",
    "/images/nao-e-upload.png",
    "imagem.png",
    "javascript:alert(1)",
    "data:image/png;base64,AAAA",
    "//evil.example/a.png",
    "/uploads/../server/config.ts",
    '/uploads/a.png" onerror="alert(1)',
    "https://",
    "/uploads/com espaço.png",
  ])("rejects %s", (url) => {
    expect(isValidImageUrl(url, ORIGIN)).toBe(false);
  });
});

describe("resolveProductImage: database, then name, then id, then default", () => {
  it("uses a valid database image first", () => {
    expect(resolveProductImage({ dbImage: "/uploads/novo.webp", name: "Cultura Líquida Golden Teacher", id: 4 }, ORIGIN)).toBe(
      "/uploads/novo.webp",
    );
  });

  it("falls back to the built-in image of the same name when the database image is missing or invalid", () => {
    expect(resolveProductImage({ dbImage: null, name: "Cultura Líquida Golden Teacher", id: 4 }, ORIGIN)).toBe(GT_CULTURE);
    expect(resolveProductImage({ dbImage: "javascript:x", name: "  cultura líquida golden teacher ", id: 2 }, ORIGIN)).toBe(GT_CULTURE);
  });

  it("then to the built-in image of the same id (numeric or UUID) when the name matches nothing", () => {
    expect(resolveProductImage({ name: "Nome mudado pelo admin", id: 2 })).toBe(PE7_SAMPLE);
    expect(resolveProductImage({ name: "Nome mudado pelo admin", id: "550e8400-e29b-41d4-a716-446655440002" })).toBe(PE7_SAMPLE);
  });

  it("then to the default image", () => {
    expect(resolveProductImage({ name: "Produto novo", id: "7d3c0b1e-0000-4000-8000-000000000000" })).toBe(DEFAULT_PRODUCT_IMAGE);
    expect(resolveProductImage({})).toBe(DEFAULT_PRODUCT_IMAGE);
    expect(builtInImageById(999)).toBeUndefined();
    expect(builtInImageByName("")).toBeUndefined();
  });

  it("lists the whole chain without repeats, for the browser to walk when an image fails", () => {
    expect(imageCandidates({ dbImage: "/uploads/x.webp", name: "Cultura Líquida Golden Teacher", id: 2 })).toEqual([
      "/uploads/x.webp",
      GT_CULTURE,
      PE7_SAMPLE,
      DEFAULT_PRODUCT_IMAGE,
    ]);
    expect(imageCandidates({ name: "Cultura Líquida Golden Teacher", id: 4 })).toEqual([GT_CULTURE, DEFAULT_PRODUCT_IMAGE]);
  });
});

describe("image sizes", () => {
  it("offers 400, 800 and 1200 px for our own illustrations and a 1200×630 social card", () => {
    expect(imageSrcSet(GT_CULTURE)).toBe(
      "/images/products/cultura-liquida-golden-teacher-400.webp 400w, /images/products/cultura-liquida-golden-teacher-800.webp 800w, /images/products/cultura-liquida-golden-teacher-1200.webp 1200w",
    );
    expect(socialImage(GT_CULTURE)).toEqual({ url: "/images/products/cultura-liquida-golden-teacher-og.jpg", width: 1200, height: 630 });
  });

  it("offers AVIF beside WebP, and the same sizes for the admin's uploads (named by content hash)", () => {
    expect(imageSrcSet(GT_CULTURE, "avif")).toBe(
      "/images/products/cultura-liquida-golden-teacher-400.avif 400w, /images/products/cultura-liquida-golden-teacher-800.avif 800w, /images/products/cultura-liquida-golden-teacher-1200.avif 1200w",
    );
    const upload = uploadedImageUrl("0123456789abcdef0123456789abcdef");
    expect(upload).toBe("/uploads/products/0123456789abcdef0123456789abcdef-800.webp");
    expect(isValidImageUrl(upload)).toBe(true);
    expect(imageSrcSet(upload, "avif")).toBe(
      "/uploads/products/0123456789abcdef0123456789abcdef-400.avif 400w, /uploads/products/0123456789abcdef0123456789abcdef-800.avif 800w, /uploads/products/0123456789abcdef0123456789abcdef-1200.avif 1200w",
    );
    expect(socialImage(upload)).toEqual({ url: "/uploads/products/0123456789abcdef0123456789abcdef-og.jpg", width: 1200, height: 630 });
  });

  it("uses uploads and links as they are", () => {
    expect(imageSrcSet("/uploads/x.webp")).toBeUndefined();
    expect(socialImage("https://cdn.example/a.jpg")).toEqual({ url: "https://cdn.example/a.jpg" });
  });
});
