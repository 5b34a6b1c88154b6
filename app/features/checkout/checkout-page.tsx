import { useAuth } from "#app/features/auth/auth-context.tsx";
import { CheckoutForm } from "#app/features/checkout/checkout-form.tsx";
import type { CheckoutData } from "#app/features/checkout/checkout-types.ts";
import { IdentificationStep, SignedInIdentification } from "#app/features/checkout/identification-step.tsx";
import { useRevalidateOnCartChange } from "#app/features/checkout/use-revalidate-on-cart-change.ts";

/**
 * PRODUCT.md checkout: identification, address (only for physical items), shipping, review with the
 * 18+ and terms confirmation, then the order and its Pix. One page, one flow for /checkout and
 * /checkout-flow; every field is checked with the same zod schema the API uses. A customer with an
 * empty cart never gets here: the loader's refusal (cart_empty, 409) is the route's ErrorBoundary.
 */
export function CheckoutPage({ data, path }: { data: CheckoutData; path: string }) {
  const { user } = useAuth();
  // Signed in on this page, after the loader saw a visitor.
  useRevalidateOnCartChange(user !== null && !data.signedIn);

  return (
    <section className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-bold text-stone-950">Finalizar compra</h1>
      <div className="mt-6 space-y-6">
        {!data.signedIn ? (
          <IdentificationStep next={path} />
        ) : (
          <>
            <SignedInIdentification email={data.user.email} />
            <CheckoutForm cart={data.cart} addresses={data.addresses} expiryMinutes={data.expiryMinutes} initialQuote={data.initialQuote} />
          </>
        )}
      </div>
    </section>
  );
}
