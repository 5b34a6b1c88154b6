import { useCallback, useState } from "react";
import { useShopBrand } from "#app/shared/shop-brand.tsx";

const LOGO_SRC = "/logo.svg";
/** Spec §8: when the logo cannot load, the favicon stands in for it. */
const FALLBACK_SRC = "/favicon.svg";

/** The owner's uploaded logo (decision 062), or the built-in one. */
export function Logo({ className = "" }: { className?: string }) {
  const brand = useShopBrand();
  if (brand.logo) {
    return (
      <img
        src={brand.logo.url}
        alt={brand.name}
        // Stored at twice the drawn size, for sharp screens.
        width={Math.round(brand.logo.width / 2)}
        height={Math.round(brand.logo.height / 2)}
        className={`h-8 w-auto ${className}`}
      />
    );
  }
  return <BuiltInLogo className={className} name={brand.name} />;
}

function BuiltInLogo({ className, name }: { className: string; name: string }) {
  const [failed, setFailed] = useState(false);

  // An image that failed before hydration fires no onError React can hear; check it once attached.
  const checkAlreadyFailed = useCallback((img: HTMLImageElement | null) => {
    if (img && img.complete && img.naturalWidth === 0 && img.getAttribute("src") === LOGO_SRC) setFailed(true);
  }, []);

  return (
    <img
      ref={checkAlreadyFailed}
      src={failed ? FALLBACK_SRC : LOGO_SRC}
      onError={() => setFailed(true)}
      alt={name}
      // The fallback is square; keep the box sized to whichever image shows, so nothing jumps.
      width={failed ? 32 : 134}
      height={32}
      className={`h-8 w-auto ${className}`}
    />
  );
}
