import { useCallback, useState } from "react";
import { preload } from "react-dom";
import { IMAGE_ASPECT, imageSrcSet } from "#domain/catalog/image-sizes.ts";

/**
 * The `<source>`s of a `<picture>` for our illustrations and the admin's uploads: AVIF first (about
 * half the bytes), then WebP; the browser takes the first type it reads. None for other images.
 */
export function PictureSources({ src, sizes }: { src: string; sizes: string }) {
  const avif = imageSrcSet(src, "avif");
  if (!avif) return null;
  return (
    <>
      <source type="image/avif" srcSet={avif} sizes={sizes} />
      <source type="image/webp" srcSet={imageSrcSet(src)} sizes={sizes} />
    </>
  );
}

/**
 * Asks for a page's largest picture before the stylesheet is even parsed: the AVIF of the size the
 * `<picture>` will take (a browser without AVIF skips the hint and takes the WebP when it gets there).
 */
export function preloadProductImage(src: string, sizes: string): void {
  const avif = imageSrcSet(src, "avif");
  preload(
    src,
    avif
      ? { as: "image", type: "image/avif", imageSrcSet: avif, imageSizes: sizes, fetchPriority: "high" }
      : { as: "image", fetchPriority: "high" },
  );
}

type ProductImageProps = {
  src: string;
  /** For the browser's fallback chain (spec §4): name match, then id match, then the default image. */
  name: string;
  id: number | string;
  alt: string;
  sizes: string;
  /** Rendered width; the height follows the 4:3 illustrations, so the box is reserved before loading. */
  width: number;
  /** Above the fold: load at once with high priority (the page's main picture). */
  priority?: boolean;
  /** Load at once without raising its priority (the rest of the first screen). */
  eager?: boolean;
  className?: string;
};

/**
 * A product picture (AVIF, else WebP, in the size the layout needs) that never moves the page
 * (width and height set, 4:3 box) and never stays broken: when an image fails (an upload removed, an outside link down), it steps to the next
 * candidate of the spec's resolution order, using the built-in catalogue the browser ships. That
 * chain is loaded on the first failure: most pages never need it (decision 086).
 */
export function ProductImage({ src, name, id, alt, sizes, width, priority = false, eager = false, className = "" }: ProductImageProps) {
  const [failed, setFailed] = useState<string[]>([]);
  const [fallbacks, setFallbacks] = useState<string[]>([]);
  const candidates = [src, ...fallbacks].filter((candidate) => !failed.includes(candidate));
  const current = candidates[0] ?? src;

  const fail = useCallback(
    (broken: string) => {
      setFailed((list) => (list.includes(broken) ? list : [...list, broken]));
      // Offline, the chain cannot load: the broken image stays, as any other would.
      import("#domain/catalog/image-resolution.ts").then(
        ({ imageCandidates }) => setFallbacks(imageCandidates({ name, id })),
        () => {},
      );
    },
    [name, id],
  );

  // An image that failed before hydration fired no onError React could hear: check once attached.
  const checkAlreadyFailed = useCallback(
    (img: HTMLImageElement | null) => {
      if (img && img.complete && img.naturalWidth === 0 && img.getAttribute("src") === current) fail(current);
    },
    [current, fail],
  );

  return (
    // A block of its own, so its <source>s never become flex or grid items of the parent.
    <picture className="block">
      <PictureSources src={current} sizes={sizes} />
      <img
        ref={checkAlreadyFailed}
        src={current}
        alt={alt}
        width={width}
        height={Math.round((width * IMAGE_ASPECT.height) / IMAGE_ASPECT.width)}
        loading={priority || eager ? "eager" : "lazy"}
        fetchPriority={priority ? "high" : "auto"}
        decoding="async"
        onError={() => fail(current)}
        className={`aspect-[4/3] h-auto w-full bg-stone-100 object-cover ${className}`}
      />
    </picture>
  );
}
