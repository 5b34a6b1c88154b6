import type { Address } from "#domain/shipping/address-schema.ts";
import { AddressStep } from "#app/features/checkout/address-step.tsx";
import { CheckoutProgress } from "#app/features/checkout/checkout-progress.tsx";
import type { CheckoutCart, CheckoutStart, InitialQuote } from "#app/features/checkout/checkout-types.ts";
import { DeliverySummary } from "#app/features/checkout/delivery-summary.tsx";
import { ReviewStep } from "#app/features/checkout/review-step.tsx";
import { ShippingStep } from "#app/features/checkout/shipping-step.tsx";
import { useCheckout } from "#app/features/checkout/use-checkout.ts";
import { FormMessage } from "#app/ui/field.tsx";
import { CheckoutSummary, summaryOfCheckoutCart } from "#app/features/checkout/checkout-summary.tsx";

type CheckoutFormProps = {
  cart: CheckoutCart;
  addresses: Address[];
  start: CheckoutStart;
  savedCpf: string | null;
  expiryMinutes: number;
  initialQuote: InitialQuote;
  /** null: Pix only; else cards are on ("" or "em até Nx sem juros"). */
  cardPitch: string | null;
  focusFirstStep: boolean;
};

/**
 * The steps after identification, one at a time (decision 033): address and shipping (only for
 * physical items), then review and pay. One form: Enter in a field continues, the last step places the order.
 */
export function CheckoutForm({
  cart,
  addresses,
  start,
  savedCpf,
  expiryMinutes,
  initialQuote,
  cardPitch,
  focusFirstStep,
}: CheckoutFormProps) {
  const checkout = useCheckout({ cart, addresses, start, savedCpf, initialQuote, focusFirstStep });
  const { shipping, errors, step, steps } = checkout;
  const number = steps.indexOf(step) + 1;
  const previous = steps[steps.indexOf(step) - 1];
  // Identification is done here: going back before the first step of this form is going back to the cart.
  const back = previous && previous !== "identificacao" ? () => checkout.goTo(previous) : null;
  return (
    <div className="space-y-6">
      <CheckoutProgress steps={steps} current={step} />
      {/* The review shows every line itself, discounts included: the compact summary is for the steps before it. */}
      {step === "revisao" ? null : (
        <CheckoutSummary
          summary={summaryOfCheckoutCart(
            cart,
            shipping.selected ? { cents: shipping.selected.priceCents, method: shipping.selected.method } : null,
          )}
        />
      )}
      <form noValidate onSubmit={checkout.onSubmit} aria-label="Finalizar compra" className="space-y-4">
        {checkout.restoredNote ? <FormMessage kind="info">{checkout.restoredNote}</FormMessage> : null}
        {step === "endereco" ? (
          <AddressStep
            number={number}
            focusOnShow={checkout.moved}
            addresses={addresses}
            selectedAddressId={checkout.savedAddressId}
            address={checkout.address}
            savedCpf={savedCpf}
            usingSavedCpf={checkout.usingSavedCpf}
            onChangeCpf={checkout.changeCpf}
            onUseSavedCpf={checkout.keepSavedCpf}
            onValue={checkout.setValue}
            errors={errors}
            cepNote={checkout.cepNote}
            onLookupCep={() => void checkout.lookupCep()}
            onChooseSaved={checkout.chooseSaved}
            saveAddress={checkout.saveAddress}
            onSaveAddress={checkout.setSaveAddress}
            onBack={back}
            onContinue={checkout.continueFromAddress}
          />
        ) : null}
        {step === "envio" ? (
          <ShippingStep
            number={number}
            focusOnShow={checkout.moved}
            cep={checkout.address.cep}
            quoting={shipping.quoting}
            quotes={shipping.quotes}
            quoteError={shipping.quoteError}
            method={shipping.method}
            productionDays={cart.productionDays}
            error={errors.shipping}
            onChoose={checkout.chooseMethod}
            onBack={() => checkout.goTo("endereco")}
            onContinue={checkout.continueFromShipping}
          />
        ) : null}
        {step === "revisao" ? (
          <ReviewStep
            number={number}
            focusOnShow={checkout.moved}
            delivery={
              cart.needsShipping ? (
                <DeliverySummary
                  address={checkout.address}
                  cpf={checkout.usingSavedCpf && savedCpf ? savedCpf : checkout.address.cpf}
                  shipping={shipping.selected}
                  productionDays={cart.productionDays}
                  onChangeAddress={() => checkout.goTo("endereco")}
                  onChangeShipping={() => checkout.goTo("envio")}
                />
              ) : null
            }
            onBack={back}
            cart={cart}
            shippingCents={cart.needsShipping ? (shipping.selected?.priceCents ?? null) : 0}
            freight={
              cart.needsShipping && shipping.selected ? { cep: checkout.address.cep, shippingMethod: shipping.selected.method } : null
            }
            errors={errors}
            clearError={checkout.clearError}
            expiryMinutes={expiryMinutes}
            cardPitch={cardPitch}
            formError={checkout.formError}
            pending={checkout.pending}
          />
        ) : checkout.formError ? (
          <FormMessage kind="error">{checkout.formError}</FormMessage>
        ) : null}
      </form>
    </div>
  );
}
