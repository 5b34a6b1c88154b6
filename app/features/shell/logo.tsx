import { useCallback, useState } from "react";

const LOGO_SRC = "/logo.svg";
/** Spec §8: when the logo cannot load, the favicon stands in for it. */
const FALLBACK_SRC = "/favicon.svg";

export function Logo({ className = "" }: { className?: string }) {
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
      alt="Loja Micologia"
      // The fallback is square; keep the box sized to whichever image shows, so nothing jumps.
      width={failed ? 32 : 134}
      height={32}
      className={`h-8 w-auto ${className}`}
    />
  );
}
