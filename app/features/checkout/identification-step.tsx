import { useState } from "react";
import { SignInForm } from "#app/features/auth/auth-forms.tsx";
import { CheckoutSignUp } from "#app/features/checkout/checkout-sign-up.tsx";
import { CheckoutStep } from "#app/features/checkout/checkout-step.tsx";
import { buttonClass } from "#app/ui/button-styles.ts";

/** Step 1 for a visitor: create an account (the default) or sign in, then come back to `next`. */
export function IdentificationStep({ next }: { next: string }) {
  const [mode, setMode] = useState<"entrar" | "criar">("criar");
  return (
    <CheckoutStep number={1} title="Identificação">
      <p className="mb-4 text-sm text-stone-700">
        Para acompanhar o pedido e receber avisos, entre ou crie sua conta. Seu carrinho continua o mesmo.
      </p>
      <div role="group" aria-label="Escolha" className="mb-4 flex gap-2">
        <button
          type="button"
          aria-pressed={mode === "criar"}
          onClick={() => setMode("criar")}
          className={buttonClass(mode === "criar" ? "primary" : "secondary")}
        >
          Criar conta
        </button>
        <button
          type="button"
          aria-pressed={mode === "entrar"}
          onClick={() => setMode("entrar")}
          className={buttonClass(mode === "entrar" ? "primary" : "secondary")}
        >
          Já tenho conta
        </button>
      </div>
      {mode === "criar" ? <CheckoutSignUp /> : <SignInForm next={next} />}
    </CheckoutStep>
  );
}

/** Step 1 done, for a signed-in customer: who is buying, one line above the steps. */
export function SignedInIdentification({ email }: { email: string }) {
  return (
    <p className="text-sm text-stone-800">
      Comprando como <strong>{email}</strong>.
    </p>
  );
}
