import { useRef, useState } from "react";
import { useNavigate } from "react-router";
import type { Address } from "#domain/account/address-schema.ts";
import { signalCart } from "#app/features/cart/cart-client.ts";
import { checkoutApi } from "#app/features/orders/order-api.ts";
import { ApiCallError } from "#app/lib/fetch-json.ts";
import { fieldErrors } from "#app/lib/use-schema-form.ts";
import { checkoutAddressSchema } from "#domain/checkout/checkout-schemas.ts";
import type { ShippingMethod } from "#domain/shipping/shipping-methods.ts";
import { digits, EMPTY_ADDRESS, fromSaved, type AddressForm } from "#app/features/checkout/address-form.ts";
import type { CheckoutCart, InitialQuote } from "#app/features/checkout/checkout-types.ts";
import { useShippingQuotes } from "#app/features/checkout/use-shipping-quotes.ts";

/**
 * The checkout form's state: the address (filled from a saved one or by CEP), the shipping options,
 * the errors shown next to each field, and placing the order.
 */
export function useCheckout({ cart, addresses, initialQuote }: { cart: CheckoutCart; addresses: Address[]; initialQuote: InitialQuote }) {
  const navigate = useNavigate();
  const idempotencyKey = useRef<string | null>(null);
  const first = addresses[0];
  const [address, setAddress] = useState<AddressForm>(first ? fromSaved(first) : EMPTY_ADDRESS);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [cepNote, setCepNote] = useState<string | null>(null);
  const shipping = useShippingQuotes(initialQuote, cart.savedShipping.method);
  const [saveAddress, setSaveAddress] = useState(addresses.length === 0);
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const clearError = (name: string) =>
    setErrors((current) => {
      if (!(name in current)) return current;
      const { [name]: _gone, ...rest } = current;
      return rest;
    });
  // Typing in a field clears its message; the next submit checks everything again.
  const set = (name: keyof AddressForm) => (event: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) => {
    setAddress((current) => ({ ...current, [name]: event.target.value }));
    clearError(name);
  };

  async function lookupCep() {
    const cep = digits(address.cep);
    if (cep.length !== 8) {
      setErrors((current) => ({ ...current, cep: "O CEP tem 8 dígitos, ex.: 01310-100." }));
      return;
    }
    setErrors(({ cep: _cep, ...rest }) => rest);
    setCepNote("Buscando o endereço…");
    void shipping.quote(cep);
    try {
      const result = await checkoutApi.lookupCep(cep);
      if (result.ok) {
        const found = result.address;
        setAddress((current) => ({
          ...current,
          street: found.street || current.street,
          neighborhood: found.neighborhood || current.neighborhood,
          city: found.city,
          state: found.state,
        }));
        setCepNote("Endereço preenchido pelo CEP. Confira e informe o número.");
      } else {
        setCepNote(
          result.reason === "not_found"
            ? "CEP não encontrado. Confira o número ou preencha o endereço."
            : "Não conseguimos buscar o CEP agora. Preencha o endereço.",
        );
      }
    } catch {
      setCepNote("Não conseguimos buscar o CEP agora. Preencha o endereço.");
    }
  }

  /** A saved address (by id) fills the form and quotes its CEP; "" starts a new one. The CPF typed stays. */
  function chooseSaved(id: string) {
    const saved = addresses.find((entry) => entry.id === id);
    setErrors({});
    setCepNote(null);
    if (!saved) {
      setAddress((current) => ({ ...EMPTY_ADDRESS, cpf: current.cpf }));
      return;
    }
    setAddress((current) => ({ ...fromSaved(saved), cpf: current.cpf }));
    void shipping.quote(saved.cep);
  }

  function chooseMethod(method: ShippingMethod) {
    shipping.setMethod(method);
    clearError("shipping");
  }

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const data = new FormData(event.currentTarget);
    const next: Record<string, string> = {};
    let parsedAddress: AddressForm | undefined;
    if (cart.needsShipping) {
      const parsed = checkoutAddressSchema.safeParse(address);
      if (parsed.success) parsedAddress = address;
      else Object.assign(next, fieldErrors(parsed.error));
      if (!shipping.method) next.shipping = "Escolha a forma de envio.";
    }
    if (data.get("confirmAdult") !== "on") next.confirmAdult = "Confirme que você tem 18 anos ou mais.";
    if (data.get("acceptTerms") !== "on") next.acceptTerms = "Aceite os termos para continuar.";
    setErrors(next);
    if (Object.keys(next).length > 0) {
      setFormError("Confira os campos destacados.");
      return;
    }
    setFormError(null);
    setPending(true);
    idempotencyKey.current ??= crypto.randomUUID();
    try {
      const placed = await checkoutApi.placeOrder({
        idempotencyKey: idempotencyKey.current,
        address: parsedAddress,
        saveAddress: cart.needsShipping && saveAddress,
        shippingMethod: cart.needsShipping ? (shipping.method ?? undefined) : undefined,
        confirmAdult: true,
        acceptTerms: true,
        // The review step's CheckoutDiscounts fields (decisions 027, 028).
        couponCode: String(data.get("couponCode") ?? "") || undefined,
        useCredits: data.get("useCredits") === "on",
      });
      signalCart({ type: "checkout-completed" });
      await navigate(`/success?order=${encodeURIComponent(placed.orderId)}`);
    } catch (error) {
      // A refused order frees its key on the server; a network failure keeps it, so a retry cannot double the order.
      if (error instanceof ApiCallError && error.status !== 0) idempotencyKey.current = null;
      setFormError(error instanceof ApiCallError ? error.message : "Não foi possível fechar o pedido. Tente novamente.");
      setPending(false);
    }
  }

  return {
    address,
    set,
    errors,
    clearError,
    cepNote,
    lookupCep,
    chooseSaved,
    saveAddress,
    setSaveAddress,
    shipping,
    chooseMethod,
    formError,
    pending,
    onSubmit,
  };
}
