import { ShoppingCart } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router";
import { iconButtonClass } from "#app/ui/button-styles.ts";
import { CountBadge } from "#app/ui/count-badge.tsx";

/** Carts rarely pass two digits; "99+" keeps the badge inside the icon. */
const CART_BADGE_MAX = 99;

function describeCount(count: number): string {
  if (count <= 0) return "Carrinho vazio";
  return count === 1 ? "1 item" : `${count} itens`;
}

/** The header's cart link; the cart feature passes the live count. */
export function CartLink({ count }: { count: number }) {
  const descriptionId = useId();
  // A polite announcement when the count changes (not on the first paint): "2 itens no carrinho".
  const [announcement, setAnnouncement] = useState("");
  const first = useRef(count);
  useEffect(() => {
    if (first.current === count) return;
    first.current = -1;
    setAnnouncement(count <= 0 ? "Carrinho vazio" : `${describeCount(count)} no carrinho`);
  }, [count]);
  return (
    <>
      <span role="status" aria-live="polite" className="sr-only">
        {announcement}
      </span>
      <Link to="/cart" aria-label="Carrinho" aria-describedby={descriptionId} className={iconButtonClass}>
        <ShoppingCart aria-hidden="true" className="size-6" />
        <CountBadge count={count} max={CART_BADGE_MAX} />
        {/* The name stays "Carrinho"; the count is its description, so it is heard without renaming the link. */}
        <span id={descriptionId} className="sr-only">
          {describeCount(count)}
        </span>
      </Link>
    </>
  );
}
