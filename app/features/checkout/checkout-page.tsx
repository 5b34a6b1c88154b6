import { useState } from "react";
import { useAuth } from "#app/features/auth/auth-context.tsx";
import { CardPayment } from "#app/features/checkout/card-payment.tsx";
import { CheckoutForm } from "#app/features/checkout/checkout-form.tsx";
import { checkoutSteps, CheckoutProgress } from "#app/features/checkout/checkout-progress.tsx";
import type { CheckoutData } from "#app/features/checkout/checkout-types.ts";
import { IdentificationStep, SignedInIdentification } from "#app/features/checkout/identification-step.tsx";
import { useRevalidateOnCartChange } from "#app/features/checkout/use-revalidate-on-cart-change.ts";
import { CheckoutSummary } from "#app/features/checkout/checkout-summary.tsx";

/**
 * docs/requirements.md checkout, one step at a time with its progress (decision 033): identification, address
 * and shipping (only for physical items), review with the 18+ and terms confirmation, then the order
 * and its Pix. One page for /checkout and /checkout-flow; every field is checked with the same zod
 * schema the API uses. An empty cart never gets here: the loader's refusal (cart_empty, 409) is the
 * route's ErrorBoundary, for visitors and customers alike.
 */
export function CheckoutPage({ data, path }: { data: CheckoutData; path: string }) {
  const { user } = useAuth();
  // Signed in on this page, after the loader saw a visitor.
  const signedInHere = user !== null && !data.signedIn;
  // The card step pays an order already placed: a cart changing elsewhere does not concern it.
  useRevalidateOnCartChange(signedInHere && !("payByCard" in data));
  // The page opened on identification: when the next step appears, focus goes to its heading.
  const [openedAsVisitor] = useState(!data.signedIn);

  return (
    <section className="mx-auto max-w-3xl px-4 py-6 sm:py-10">
      <h1 className="text-2xl font-bold text-stone-950 sm:text-3xl">Finalizar compra</h1>
      <div className="mt-4 space-y-6">
        {"payByCard" in data ? (
          <CardPayment order={data.payByCard.order} settings={data.payByCard.settings} />
        ) : !data.signedIn ? (
          <>
            <CheckoutProgress steps={checkoutSteps(data.needsShipping)} current="identificacao" />
            <CheckoutSummary summary={data.summary} />
            <IdentificationStep next={path} />
          </>
        ) : (
          <>
            <SignedInIdentification email={data.user.email} />
            <CheckoutForm
              cart={data.cart}
              addresses={data.addresses}
              start={data.start}
              savedCpf={data.savedCpf}
              expiryMinutes={data.expiryMinutes}
              initialQuote={data.initialQuote}
              cardPitch={data.cardPitch}
              focusFirstStep={openedAsVisitor}
            />
          </>
        )}
      </div>
    </section>
  );
}
