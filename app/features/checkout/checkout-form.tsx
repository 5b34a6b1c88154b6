import type { Address } from "#domain/account/address-schema.ts";
import { AddressStep } from "#app/features/checkout/address-step.tsx";
import type { CheckoutCart, InitialQuote } from "#app/features/checkout/checkout-types.ts";
import { ReviewStep } from "#app/features/checkout/review-step.tsx";
import { ShippingStep } from "#app/features/checkout/shipping-step.tsx";
import { useCheckout } from "#app/features/checkout/use-checkout.ts";

type CheckoutFormProps = { cart: CheckoutCart; addresses: Address[]; expiryMinutes: number; initialQuote: InitialQuote };

/** Steps 2 on: address and shipping (only for physical items), then review and pay; one form, one submit. */
export function CheckoutForm({ cart, addresses, expiryMinutes, initialQuote }: CheckoutFormProps) {
  const checkout = useCheckout({ cart, addresses, initialQuote });
  const { shipping, errors } = checkout;
  // Step 1 (identification) is above the form; a cart without physical items skips two numbers.
  let step = 2;
  return (
    <form noValidate onSubmit={checkout.onSubmit} aria-label="Finalizar compra" className="space-y-6">
      {cart.needsShipping ? (
        <AddressStep
          number={step++}
          addresses={addresses}
          address={checkout.address}
          errors={errors}
          cepNote={checkout.cepNote}
          onField={checkout.set}
          onLookupCep={() => void checkout.lookupCep()}
          onChooseSaved={checkout.chooseSaved}
          saveAddress={checkout.saveAddress}
          onSaveAddress={checkout.setSaveAddress}
        />
      ) : null}
      {cart.needsShipping ? (
        <ShippingStep
          number={step++}
          quotes={shipping.quotes}
          quoteError={shipping.quoteError}
          method={shipping.method}
          error={errors.shipping}
          onChoose={checkout.chooseMethod}
        />
      ) : null}
      <ReviewStep
        number={step++}
        cart={cart}
        shippingCents={cart.needsShipping ? (shipping.selected?.priceCents ?? null) : 0}
        errors={errors}
        clearError={checkout.clearError}
        expiryMinutes={expiryMinutes}
        formError={checkout.formError}
        pending={checkout.pending}
      />
    </form>
  );
}
