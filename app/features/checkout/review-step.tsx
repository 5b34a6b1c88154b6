import { useState } from "react";
import { Link } from "react-router";
import { PaymentChoice } from "#app/features/checkout/payment-choice.tsx";
import { CheckoutStep } from "#app/features/checkout/checkout-step.tsx";
import type { CheckoutCart } from "#app/features/checkout/checkout-types.ts";
import { OrderSummary } from "#app/features/checkout/order-summary.tsx";
import { CheckoutDiscounts, type ChosenFreight } from "#app/features/checkout/checkout-discounts.tsx";
import { checkoutMoneyLines } from "#app/features/checkout/checkout-money-lines.ts";
import { useCheckoutDiscounts } from "#app/features/checkout/use-checkout-discounts.ts";
import { buttonClass } from "#app/ui/button-styles.ts";
import { FormMessage } from "#app/ui/field.tsx";

type ReviewStepProps = {
  number: number;
  focusOnShow: boolean;
  /** Where and how the order goes (address and shipping), each with a way back to change it; none without physical items. */
  delivery: React.ReactNode;
  /** Back to the previous step (shipping), or null when there is none before (to the cart). */
  onBack: (() => void) | null;
  cart: CheckoutCart;
  /** null while the cart needs shipping and none is chosen; 0 without physical items. */
  shippingCents: number | null;
  /** The CEP and the chosen method, for the coupon preview's freight; null without physical items. */
  freight: ChosenFreight;
  errors: Record<string, string>;
  clearError: (name: string) => void;
  expiryMinutes: number;
  /** null: Pix only; else the choice between Pix and "Cartão de crédito", with the owner's "em até Nx sem juros". */
  cardPitch: string | null;
  formError: string | null;
  pending: boolean;
};

/** A checkbox the review step requires (18+, terms), with its error announced next to it. */
function Confirmation({
  name,
  errorId,
  error,
  onChange,
  children,
}: {
  name: string;
  errorId: string;
  error?: string;
  onChange: () => void;
  children: React.ReactNode;
}) {
  return (
    <div>
      <label className="flex items-start gap-2">
        <input
          type="checkbox"
          name={name}
          onChange={onChange}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className="mt-0.5 size-4"
        />
        <span>{children}</span>
      </label>
      {error ? (
        <p id={errorId} className="mt-1 text-red-800">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The order under review, the 18+ and terms confirmations, and the button that places it. */
export function ReviewStep({
  number,
  focusOnShow,
  delivery,
  onBack,
  cart,
  shippingCents,
  freight,
  errors,
  clearError,
  expiryMinutes,
  cardPitch,
  formError,
  pending,
}: ReviewStepProps) {
  const [method, setMethod] = useState<"pix" | "card">("pix");
  // A line that cannot be ordered (stock, a quantity no longer allowed) is fixed in the cart first.
  const blocked = cart.lines.some((line) => line.problem);
  const discounts = useCheckoutDiscounts(cart, shippingCents, freight);
  const chosen = shippingCents !== null && freight ? { cents: shippingCents, method: freight.shippingMethod } : null;
  return (
    <CheckoutStep number={number} title="Revisão e pagamento" focusOnShow={focusOnShow}>
      {delivery}
      <CheckoutDiscounts discounts={discounts} />
      <OrderSummary cart={cart} lines={checkoutMoneyLines(cart, chosen, discounts.priced.lines)} />
      <div className="mt-5 space-y-3 text-sm">
        <Confirmation
          name="confirmAdult"
          errorId="confirmar-idade-erro"
          error={errors.confirmAdult}
          onChange={() => clearError("confirmAdult")}
        >
          Declaro que tenho 18 anos ou mais. Declarar idade falsa é crime.
        </Confirmation>
        <Confirmation
          name="acceptTerms"
          errorId="aceitar-termos-erro"
          error={errors.acceptTerms}
          onChange={() => clearError("acceptTerms")}
        >
          Li e aceito os{" "}
          <Link to="/termos" target="_blank" className="font-medium text-emerald-800 underline">
            termos
          </Link>
          , incluindo a devolução em até 7 dias de produtos fechados na embalagem original.
        </Confirmation>
      </div>
      {cardPitch !== null ? (
        <PaymentChoice method={method} onChoose={setMethod} cardPitch={cardPitch} />
      ) : (
        <input type="hidden" name="paymentMethod" value="pix" />
      )}
      <p className="mt-4 text-sm text-stone-700">
        {method === "card" ? "Você digita os dados do cartão na próxima tela." : "Você paga com Pix na próxima tela."} O pedido fica
        reservado por {expiryMinutes} minutos.
      </p>
      {formError ? (
        <div className="mt-4">
          <FormMessage kind="error">{formError}</FormMessage>
        </div>
      ) : null}
      <button type="submit" disabled={pending || blocked} className={buttonClass("primary", "mt-4 w-full")}>
        {pending ? "Fechando o pedido…" : method === "card" ? "Fazer pedido e pagar com cartão" : "Fazer pedido e pagar com Pix"}
      </button>
      {onBack ? (
        <button type="button" onClick={onBack} className={buttonClass("secondary", "mt-2 w-full")}>
          Voltar
        </button>
      ) : (
        <Link to="/cart" className={buttonClass("secondary", "mt-2 w-full")}>
          Voltar ao carrinho
        </Link>
      )}
    </CheckoutStep>
  );
}
