import { useState } from "react";
import { focusRing } from "#app/ui/button-styles.ts";
import { PictureSources, ProductImage } from "#app/shared/product-image.tsx";

/** Drawn at most this wide (half of a 72rem page); smaller screens take the whole width. */
const MAIN_WIDTH = 576;
export const GALLERY_SIZES = "(min-width: 1024px) 576px, (min-width: 768px) 50vw, 100vw";

type GalleryProps = { images: string[]; name: string; id: number; sizes?: string; width?: number };

/** The main picture (preloaded, high priority) and thumbnails to switch it. */
export function ProductGallery({ images, name, id, sizes = GALLERY_SIZES, width = MAIN_WIDTH }: GalleryProps) {
  const [selected, setSelected] = useState(0);
  const current = images[selected] ?? images[0]!;
  return (
    <div>
      <div className="overflow-hidden rounded-2xl border border-stone-200 bg-white">
        <ProductImage
          // Another picture is another element: its fallback chain starts over.
          key={current}
          src={current}
          name={name}
          id={id}
          alt={selected === 0 ? name : `${name}: imagem ${selected + 1} de ${images.length}`}
          sizes={sizes}
          width={width}
          priority={selected === 0}
        />
      </div>
      {images.length > 1 ? (
        <ul className="mt-3 flex gap-3" aria-label="Imagens do produto">
          {images.map((image, index) => (
            <li key={image}>
              <button
                type="button"
                aria-label={`Ver imagem ${index + 1} de ${images.length}`}
                aria-pressed={index === selected}
                onClick={() => setSelected(index)}
                className={`block w-20 overflow-hidden rounded-lg border-2 aria-pressed:border-emerald-700 border-stone-200 ${focusRing}`}
              >
                <picture className="block">
                  <PictureSources src={image} sizes="80px" />
                  <img
                    src={image}
                    alt=""
                    width={80}
                    height={60}
                    loading="lazy"
                    decoding="async"
                    className="aspect-[4/3] h-auto w-full bg-stone-100 object-cover"
                  />
                </picture>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
