import { useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import type { Address } from "#domain/shipping/address-schema.ts";
import { cepProblem, formatCep, normalizeCep } from "#domain/shipping/cep.ts";
import { CEP_LOOKUP_PENDING, fillFromCep, lookupCep as lookupAddressByCep } from "#app/shared/address/cep-lookup.ts";
import { signalCart } from "#app/features/cart/cart-client.ts";
import { checkoutApi } from "#app/features/checkout/checkout-api.ts";
import { ApiCallError } from "#app/lib/fetch-json.ts";
import { maskCep } from "#app/lib/input-masks.ts";
import { safeStorage, STORAGE_KEYS } from "#app/lib/storage-keys.ts";
import { fieldErrors } from "#app/lib/use-schema-form.ts";
import { checkoutAddressSchema, orderAddressSchema } from "#domain/checkout/checkout-schemas.ts";
import type { ShippingChoice } from "#domain/shipping/shipping-methods.ts";
import { digits, EMPTY_ADDRESS, fromSaved, type AddressForm } from "#app/features/checkout/address-form.ts";
import { checkoutSteps, type CheckoutStepId } from "#app/features/checkout/checkout-progress.tsx";
import type { CheckoutCart, CheckoutStart, InitialQuote } from "#app/features/checkout/checkout-types.ts";
import { useShippingQuotes } from "#app/features/checkout/use-shipping-quotes.ts";
import { clearCheckoutDraft, readCheckoutDraft, saveCheckoutDraft, type CheckoutDraft } from "#app/features/checkout/checkout-draft.ts";

/** Said when a kept draft brings the customer back without the CPF, which is never kept (decision 063). */
export const RESTORED_WITHOUT_CPF =
  "Recuperamos o que você já tinha preenchido. Por segurança, o CPF não fica guardado neste aparelho: digite-o novamente.";

type UseCheckoutOptions = {
  cart: CheckoutCart;
  addresses: Address[];
  start: CheckoutStart;
  savedCpf: string | null;
  initialQuote: InitialQuote;
  /** The customer signed in on this page a moment ago: the first step shown moves focus to its heading. */
  focusFirstStep: boolean;
};

/** The address the form starts with: the saved one the loader chose, else a new one with the cart's CEP. */
function startingAddress(addresses: Address[], start: CheckoutStart): AddressForm {
  const saved = addresses.find((entry) => entry.id === start.addressId);
  if (saved) return fromSaved(saved);
  return { ...EMPTY_ADDRESS, cep: start.cep ? formatCep(start.cep) : "" };
}

/**
 * The checkout form's state: the step shown, the address (filled from a saved one, by CEP, or the
 * cart's CEP), the CPF (typed, or the account's saved one), the shipping options, the errors shown
 * next to each field, and placing the order.
 */
export function useCheckout({ cart, addresses, start, savedCpf, initialQuote, focusFirstStep }: UseCheckoutOptions) {
  const navigate = useNavigate();
  const idempotencyKey = useRef<string | null>(null);
  const steps = checkoutSteps(cart.needsShipping);
  const [step, setStep] = useState<CheckoutStepId>(steps[1]!);
  // Focus follows a step change the customer made, never the page's first paint.
  const [moved, setMoved] = useState(focusFirstStep);
  const [address, setAddress] = useState<AddressForm>(() => startingAddress(addresses, start));
  const [usingSavedCpf, setUsingSavedCpf] = useState(savedCpf !== null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [cepNote, setCepNote] = useState<string | null>(null);
  const shipping = useShippingQuotes(initialQuote, cart.savedShipping.method);
  const [saveAddress, setSaveAddress] = useState(addresses.length === 0);
  const [savedAddressId, setSavedAddressId] = useState(start.addressId ?? "");
  const [formError, setFormError] = useState<string | null>(null);
  const [restoredNote, setRestoredNote] = useState<string | null>(null);
  // Whether this browser's draft has been read back: until then nothing is written over it.
  const [draftRead, setDraftRead] = useState(false);
  const [pending, setPending] = useState(false);

  const clearError = (name: string) =>
    setErrors((current) => {
      if (!(name in current)) return current;
      const { [name]: _gone, ...rest } = current;
      return rest;
    });
  // Typing in a field clears its message; the next check looks at everything again.
  const setValue = (name: keyof AddressForm, value: string) => {
    setAddress((current) => ({ ...current, [name]: value }));
    clearError(name);
  };

  function goTo(next: CheckoutStepId) {
    setFormError(null);
    setRestoredNote(null);
    setMoved(true);
    setStep(next);
  }

  /** Fills the address from a CEP (the one typed, or the one the form starts with, which an empty CEP field then shows). */
  async function lookupCep(cepText = address.cep) {
    const typed = digits(cepText);
    if (cepText !== address.cep) setAddress((current) => (current.cep ? current : { ...current, cep: maskCep(typed) }));
    if (!normalizeCep(typed)) {
      setErrors((current) => ({ ...current, cep: cepProblem(typed) ?? "" }));
      return;
    }
    setErrors(({ cep: _cep, ...rest }) => rest);
    setCepNote(CEP_LOOKUP_PENDING);
    void shipping.quote(normalizeCep(typed)!);
    const result = await lookupAddressByCep(typed);
    if (result.kind !== "done") return;
    setAddress((current) => fillFromCep(current, result));
    setCepNote(result.note);
  }

  /**
   * What this browser kept of an earlier visit to this cart's checkout (a reload, a discarded tab)
   * comes back: the address, the step, the choices. Without a CPF (never kept): a customer who
   * must type it is taken to the address step, and told why.
   */
  function restore(draft: CheckoutDraft) {
    setAddress({ ...draft.address, cpf: "" });
    setSavedAddressId(draft.savedAddressId);
    setSaveAddress(draft.saveAddress);
    if (draft.shippingMethod) shipping.setMethod(draft.shippingMethod as ShippingChoice);
    const cep = normalizeCep(digits(draft.address.cep));
    if (cep) void shipping.quote(cep);
    const cpfToType = savedCpf === null && (draft.step === "envio" || draft.step === "revisao");
    const next = cpfToType ? "endereco" : steps.includes(draft.step) && draft.step !== "identificacao" ? draft.step : steps[1]!;
    setStep(next);
    if (savedCpf === null) setRestoredNote(RESTORED_WITHOUT_CPF);
  }

  // Once, on the first paint (the server cannot read this browser's storage, so the page hydrates
  // as the server drew it, then): a kept draft comes back; else a new address that starts with a
  // CEP (the cart's, or the last one this browser quoted) gets its street from the lookup. A saved
  // address needs none.
  useEffect(() => {
    // A task of its own, after the first paint: the lookup's messages and the quote come as its answers do.
    const timer = setTimeout(() => {
      const draft = cart.needsShipping ? readCheckoutDraft(cart.cartId) : null;
      setDraftRead(true);
      if (draft) return restore(draft);
      if (!cart.needsShipping || start.addressId) return;
      const cep = start.cep ?? digits(safeStorage.get(STORAGE_KEYS.validatedShippingCep) ?? "");
      if (cep.length === 8) void lookupCep(cep);
    }, 0);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Every change is kept at once: a phone may drop the tab at any moment (decision 063).
  useEffect(() => {
    if (!draftRead || !cart.needsShipping) return;
    saveCheckoutDraft({ cartId: cart.cartId, step, address, savedAddressId, shippingMethod: shipping.method, saveAddress });
  }, [draftRead, cart.needsShipping, cart.cartId, step, address, savedAddressId, shipping.method, saveAddress]);

  /** A saved address (by id) fills the form and quotes its CEP; "" starts a new one. The CPF typed stays. */
  function chooseSaved(id: string) {
    const saved = addresses.find((entry) => entry.id === id);
    setSavedAddressId(saved ? id : "");
    setErrors({});
    setCepNote(null);
    if (!saved) {
      setAddress((current) => ({ ...EMPTY_ADDRESS, cpf: current.cpf }));
      return;
    }
    setAddress((current) => ({ ...fromSaved(saved), cpf: current.cpf }));
    void shipping.quote(saved.cep);
  }

  function chooseMethod(method: ShippingChoice) {
    shipping.setMethod(method);
    clearError("shipping");
  }

  /** The address as the order sends it (no CPF: the saved one), or its errors by field. */
  function checkedAddress(): { ok: true; value: AddressForm } | { ok: false; errors: Record<string, string> } {
    const sent = usingSavedCpf ? { ...address, cpf: undefined } : address;
    const parsed = (usingSavedCpf ? orderAddressSchema : checkoutAddressSchema).safeParse(sent);
    return parsed.success ? { ok: true, value: sent as AddressForm } : { ok: false, errors: fieldErrors(parsed.error) };
  }

  /** Shows the errors and puts the customer on the first field that has one. */
  function refuse(next: Record<string, string>) {
    setErrors(next);
    setFormError("Confira os campos destacados.");
    requestAnimationFrame(() => document.querySelector<HTMLElement>('form[aria-label="Finalizar compra"] [aria-invalid="true"]')?.focus());
  }

  function continueFromAddress() {
    const checked = checkedAddress();
    if (!checked.ok) return refuse(checked.errors);
    setErrors({});
    void shipping.quote(digits(address.cep));
    goTo("envio");
  }

  function continueFromShipping() {
    if (!shipping.method) return refuse({ shipping: "Escolha a forma de envio." });
    setErrors({});
    goTo("revisao");
  }

  function changeCpf() {
    setUsingSavedCpf(false);
    setAddress((current) => ({ ...current, cpf: "" }));
  }
  function keepSavedCpf() {
    setUsingSavedCpf(true);
    clearError("cpf");
  }

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // Enter in a field of an earlier step means "continue", not "place the order".
    if (step === "endereco") return continueFromAddress();
    if (step === "envio") return continueFromShipping();
    if (pending) return;
    const data = new FormData(event.currentTarget);
    const next: Record<string, string> = {};
    let sentAddress: AddressForm | undefined;
    if (cart.needsShipping) {
      const checked = checkedAddress();
      if (!checked.ok || !shipping.method) return goTo(checked.ok ? "envio" : "endereco");
      sentAddress = checked.value;
    }
    if (data.get("confirmAdult") !== "on") next.confirmAdult = "Confirme que você tem 18 anos ou mais.";
    if (data.get("acceptTerms") !== "on") next.acceptTerms = "Aceite os termos para continuar.";
    if (Object.keys(next).length > 0) return refuse(next);
    setErrors({});
    setFormError(null);
    setPending(true);
    idempotencyKey.current ??= crypto.randomUUID();
    try {
      const placed = await checkoutApi.placeOrder({
        idempotencyKey: idempotencyKey.current,
        address: sentAddress,
        saveAddress: cart.needsShipping && saveAddress,
        shippingMethod: cart.needsShipping ? (shipping.method ?? undefined) : undefined,
        confirmAdult: true,
        acceptTerms: true,
        // The review step's CheckoutDiscounts fields (decisions 027, 028).
        couponCode: String(data.get("couponCode") ?? "") || undefined,
        useCredits: data.get("useCredits") === "on",
      });
      // The order has the address now: nothing typed stays in this browser.
      clearCheckoutDraft();
      signalCart({ type: "checkout-completed" });
      // Card chosen: the order is saved (stock reserved) and the card step pays it; its Pix stays as the way back.
      const byCard = data.get("paymentMethod") === "card";
      await navigate(
        byCard ? `/checkout?pedido=${encodeURIComponent(placed.orderId)}` : `/success?order=${encodeURIComponent(placed.orderId)}`,
      );
    } catch (error) {
      // A refused order frees its key on the server; a network failure keeps it, so a retry cannot double the order.
      if (error instanceof ApiCallError && error.status !== 0) idempotencyKey.current = null;
      setFormError(error instanceof ApiCallError ? error.message : "Não foi possível fechar o pedido. Tente novamente.");
      setPending(false);
    }
  }

  return {
    steps,
    step,
    moved,
    goTo,
    address,
    setValue,
    errors,
    clearError,
    cepNote,
    lookupCep,
    chooseSaved,
    savedAddressId,
    restoredNote,
    usingSavedCpf,
    changeCpf,
    keepSavedCpf,
    saveAddress,
    setSaveAddress,
    shipping,
    chooseMethod,
    continueFromAddress,
    continueFromShipping,
    formError,
    pending,
    onSubmit,
  };
}
