import type { ProductPageData } from "#domain/catalog/catalog-types.ts";
import { ProductBreadcrumb, ProductHeading } from "#app/features/catalog/product-heading.tsx";
import { ProductTexts } from "#app/features/catalog/product-texts.tsx";
import { GALLERY_SIZES, ProductGallery } from "#app/features/catalog/product-gallery.tsx";
import { preloadProductImage } from "#app/shared/product-image.tsx";
import { PurchaseBox } from "#app/features/catalog/purchase-box.tsx";
import { ProductReviews } from "#app/features/reviews/product-reviews.tsx";
import type { ProductReviewsSection } from "#domain/reviews/review-schemas.ts";

/** The page's data: the product and a page of its approved reviews (decision 029). */
export type ProductPageView = ProductPageData & {
  reviews: ProductReviewsSection;
  /** With cards on, the owner's "em até Nx sem juros" (issue 32); null otherwise. */
  cardPitch?: string | null;
};

/** The installments line under the purchase box: server text, no script of its own. */
function CardPitch({ pitch }: { pitch: string | null | undefined }) {
  return pitch ? <p className="text-sm text-stone-700">No cartão de crédito, {pitch}.</p> : null;
}

const GENERIC_IMAGE_SIZES = "(min-width: 640px) 256px, 100vw";

/** Spec §2: the one dynamic page the nine fixed slugs share (samples, liquid cultures, spawn). */
function ProductPage({ product }: { product: ProductPageView }) {
  preloadProductImage(product.images[0]!, GALLERY_SIZES);
  return (
    <article className="mx-auto max-w-6xl px-4 py-8">
      <ProductBreadcrumb product={product} />
      <div className="mt-6 grid gap-8 md:grid-cols-2">
        <ProductGallery images={product.images} name={product.name} id={product.id} />
        <div className="space-y-6">
          <ProductHeading product={product} />
          <PurchaseBox product={product} />
          <CardPitch pitch={product.cardPitch} />
        </div>
      </div>
      <div className="mt-12 max-w-3xl space-y-12">
        <ProductTexts product={product} />
        <ProductReviews ratings={product.ratings} section={product.reviews} />
      </div>
    </article>
  );
}

/** Spec §2: every other product (services and courses) — the texts lead, the picture is smaller. */
function GenericProductPage({ product }: { product: ProductPageView }) {
  preloadProductImage(product.images[0]!, GENERIC_IMAGE_SIZES);
  return (
    <article className="mx-auto max-w-6xl px-4 py-8">
      <ProductBreadcrumb product={product} />
      <div className="mt-6 grid gap-8 lg:grid-cols-[1fr_22rem]">
        <div className="space-y-8">
          <div className="grid gap-6 sm:grid-cols-[16rem_1fr] sm:items-start">
            <ProductGallery
              images={product.images.slice(0, 1)}
              name={product.name}
              id={product.id}
              sizes={GENERIC_IMAGE_SIZES}
              width={256}
            />
            <ProductHeading product={product} />
          </div>
          <ProductTexts product={product} />
          <ProductReviews ratings={product.ratings} section={product.reviews} />
        </div>
        <div className="lg:sticky lg:top-24 lg:self-start">
          <PurchaseBox product={product} />
          <CardPitch pitch={product.cardPitch} />
        </div>
      </div>
    </article>
  );
}

/** The page of /produto/:slug: the nine fixed slugs get the product page, any other product the generic one. */
export function ProductRouteView({ product }: { product: ProductPageView }) {
  // A key per product: moving from one product to another starts with fresh quantity and gallery.
  return product.fixed ? <ProductPage key={product.uuid} product={product} /> : <GenericProductPage key={product.uuid} product={product} />;
}
