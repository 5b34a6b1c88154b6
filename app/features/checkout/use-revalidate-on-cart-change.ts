import { useEffect } from "react";
import { useRevalidator } from "react-router";
import { onCartSignal } from "#app/features/cart/cart-client.ts";

/**
 * Reads the page's loader again when the cart changes (in this tab or another) and once when the
 * visitor signs in here: sign-in moves the visitor's cart to the account in the background.
 */
export function useRevalidateOnCartChange(signedInHere: boolean) {
  const revalidator = useRevalidator();
  useEffect(() => {
    if (signedInHere) void revalidator.revalidate();
    return onCartSignal((detail) => {
      if (detail.type === "cart-updated" || detail.type === "added" || detail.type === "removed" || detail.type === "updated")
        void revalidator.revalidate();
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [signedInHere]);
}
