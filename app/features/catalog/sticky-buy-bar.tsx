import { useEffect, useRef, useState } from "react";

/**
 * Whether the element is wholly on screen. Until the observer answers (and on the server) it counts as
 * off screen: on a phone the purchase box starts below the fold on every product page.
 */
export function useOnScreen<T extends Element>() {
  const ref = useRef<T>(null);
  const [onScreen, setOnScreen] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === "undefined") return;
    // Whole, not a sliver at the screen's edge: half a button is not a button in sight.
    const observer = new IntersectionObserver(([entry]) => setOnScreen((entry?.intersectionRatio ?? 0) >= 0.99), { threshold: [0, 0.99] });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, onScreen] as const;
}

type StickyBuyBarProps = {
  /** The price as the box shows it now (the chosen quantity's total). */
  price: string;
  priceNote: string;
  delivery: string;
  /** The buy button (or the reason there is none). */
  children: React.ReactNode;
  /** The purchase box's own button is on screen: the bar steps aside. */
  hidden: boolean;
};

/**
 * A phone's buy bar (below `md`), fixed at the bottom while the purchase box's button is off screen,
 * so the price, the delivery estimate and a buy button are in sight on every product page without
 * scrolling (issue 20). It is part of the purchase box: same quantity, same live price, same add.
 * app.css keeps the page's end clear of it.
 */
export function StickyBuyBar({ price, priceNote, delivery, children, hidden }: StickyBuyBarProps) {
  return (
    // Not a landmark of its own: it repeats the purchase box (the "Compra" region), for the eyes.
    <div
      data-buy-bar=""
      hidden={hidden}
      className="fixed inset-x-0 bottom-0 z-20 border-t border-stone-200 bg-white px-4 py-2.5 shadow-[0_-4px_12px_rgb(0_0_0/0.08)] md:hidden"
    >
      <div className="mx-auto flex max-w-6xl items-center gap-3">
        <p className="min-w-0 flex-1 leading-tight">
          <span className="block text-xs text-stone-600">{priceNote}</span>
          <span data-testid="buy-bar-price" className="block text-xl font-bold text-stone-950">
            {price}
          </span>
          <span className="block truncate text-xs text-stone-700">{delivery}</span>
        </p>
        {children}
      </div>
    </div>
  );
}
