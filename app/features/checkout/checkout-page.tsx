import { useEffect, useId, useRef, useState } from "react";
import { Link, useNavigate, useRevalidator } from "react-router";
import { formatCep, formatPhone, type Address } from "#domain/account/address-schema.ts";
import { UfSelect } from "#app/features/account/uf-select.tsx";
import { useAuth } from "#app/features/auth/auth-context.tsx";
import { authClient } from "#app/features/auth/auth-client.ts";
import { SignInForm } from "#app/features/auth/auth-forms.tsx";
import { signUpSchema } from "#domain/auth/auth-schemas.ts";
import { onCartSignal, signalCart } from "#app/features/cart/cart-client.ts";
import { orderApi } from "#app/features/orders/order-api.ts";
import { ApiCallError } from "#app/lib/fetch-json.ts";
import { fieldErrors, useSchemaForm } from "#app/lib/use-schema-form.ts";
import { formatBRL } from "#domain/pricing/money.ts";
import { buttonClass } from "#app/ui/button-styles.ts";
import { Field, FormMessage } from "#app/ui/field.tsx";
import { checkoutAddressSchema } from "#domain/checkout/checkout-schemas.ts";
import { SHIPPING_METHOD_LABELS, type ShippingMethod } from "#domain/shipping/shipping-methods.ts";

/**
 * PRODUCT.md checkout: identification, address (only for physical items), shipping, review with the
 * 18+ and terms confirmation, then the order and its Pix. One page, one flow for /checkout and
 * /checkout-flow; every field is checked with the same zod schema the API uses.
 */

type Line = {
  productId: string;
  productName: string;
  unitType: "gram" | "unit";
  quantity: number;
  totalPriceCents: number;
  packagingFeeCents: number;
  finalTotalCents: number;
  needsShipping: boolean;
  problem: string | null;
};

type Cart = { lines: Line[]; subtotalCents: number; packagingCents: number; needsShipping: boolean; savedShipping: { method: string | null; cep: string | null } };

export type CheckoutData =
  | { signedIn: false; expiryMinutes: number }
  | {
      signedIn: true;
      user: { name: string; email: string };
      cart: Cart | null;
      addresses: Address[];
      expiryMinutes: number;
      initialQuote: { cep: string; options: Quote[] } | null;
    };

type Quote = { method: ShippingMethod; label: string; priceCents: number; deliveryDays: number };

type AddressForm = Record<"recipientName" | "cpf" | "phone" | "cep" | "street" | "number" | "complement" | "neighborhood" | "city" | "state", string>;
const EMPTY_ADDRESS: AddressForm = { recipientName: "", cpf: "", phone: "", cep: "", street: "", number: "", complement: "", neighborhood: "", city: "", state: "" };

const digits = (value: string) => value.replace(/\D/g, "");

function Step({ number, title, children }: { number: number; title: string; children: React.ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-stone-200 bg-white p-5">
      <h2 id={id} className="text-lg font-bold text-stone-950">
        <span aria-hidden="true" className="mr-2 inline-flex size-7 items-center justify-center rounded-full bg-emerald-800 text-sm text-white">
          {number}
        </span>
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}

/** A checkbox the review step requires (18+, terms), with its error announced next to it. */
function Confirmation({ name, errorId, error, onChange, children }: { name: string; errorId: string; error?: string; onChange: () => void; children: React.ReactNode }) {
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
      {error ? <p id={errorId} className="mt-1 text-red-800">{error}</p> : null}
    </div>
  );
}

/** Sign-up inside the checkout: the account is created and signed in at once (the e-mail is confirmed later). */
function CheckoutSignUp() {
  const { notify } = useAuth();
  const { errors, formError, pending, onSubmit } = useSchemaForm(
    signUpSchema,
    async (input) => {
      await authClient.signUp({ ...input, callbackURL: "/auth?verificado=1" });
      await authClient.signIn(input.email, input.password);
      await notify("SIGNED_IN");
    },
    "Não foi possível criar a conta agora. Tente novamente.",
  );
  return (
    <form noValidate onSubmit={onSubmit} aria-label="Criar conta" className="space-y-4">
      {formError ? <FormMessage kind="error">{formError}</FormMessage> : null}
      <Field label="Nome" name="name" autoComplete="name" error={errors.name} />
      <Field label="E-mail" name="email" type="email" autoComplete="email" inputMode="email" error={errors.email} />
      <Field label="Senha" name="password" type="password" autoComplete="new-password" hint="Pelo menos 8 caracteres, sem o seu e-mail." error={errors.password} />
      <button type="submit" disabled={pending} className={buttonClass("primary", "w-full")}>
        {pending ? "Criando conta…" : "Criar conta e continuar"}
      </button>
    </form>
  );
}

function Identification({ next }: { next: string }) {
  const [mode, setMode] = useState<"entrar" | "criar">("criar");
  return (
    <Step number={1} title="Identificação">
      <p className="mb-4 text-sm text-stone-700">Para acompanhar o pedido e receber avisos, entre ou crie sua conta. Seu carrinho continua o mesmo.</p>
      <div role="group" aria-label="Escolha" className="mb-4 flex gap-2">
        <button type="button" aria-pressed={mode === "criar"} onClick={() => setMode("criar")} className={buttonClass(mode === "criar" ? "primary" : "secondary")}>
          Criar conta
        </button>
        <button type="button" aria-pressed={mode === "entrar"} onClick={() => setMode("entrar")} className={buttonClass(mode === "entrar" ? "primary" : "secondary")}>
          Já tenho conta
        </button>
      </div>
      {mode === "criar" ? <CheckoutSignUp /> : <SignInForm next={next} />}
    </Step>
  );
}

function CartLines({ cart, shippingCents }: { cart: Cart; shippingCents: number | null }) {
  const total = cart.subtotalCents + cart.packagingCents + (shippingCents ?? 0);
  return (
    <div>
      <ul className="divide-y divide-stone-100 text-sm">
        {cart.lines.map((line) => (
          <li key={line.productId} className="flex justify-between gap-4 py-2">
            <span>
              {line.productName} <span className="text-stone-600">· {line.unitType === "gram" ? `${line.quantity} g` : `${line.quantity} un.`}</span>
              {line.packagingFeeCents > 0 ? <span className="block text-xs text-stone-600">Embalagem: {formatBRL(line.packagingFeeCents)}</span> : null}
              {line.problem ? <span className="block text-sm text-red-800">{line.problem}</span> : null}
            </span>
            <span className="shrink-0">{formatBRL(line.finalTotalCents)}</span>
          </li>
        ))}
      </ul>
      <dl className="mt-3 space-y-1 border-t border-stone-200 pt-3 text-sm">
        <div className="flex justify-between"><dt>Subtotal</dt><dd>{formatBRL(cart.subtotalCents)}</dd></div>
        {cart.packagingCents > 0 ? <div className="flex justify-between"><dt>Embalagens</dt><dd>{formatBRL(cart.packagingCents)}</dd></div> : null}
        {cart.needsShipping ? (
          <div className="flex justify-between"><dt>Frete</dt><dd>{shippingCents === null ? "escolha o envio" : formatBRL(shippingCents)}</dd></div>
        ) : null}
        <div className="flex justify-between text-base font-bold"><dt>Total</dt><dd data-testid="checkout-total">{formatBRL(total)}</dd></div>
      </dl>
    </div>
  );
}

/** A saved address in the form's shape; the CPF is never saved with it (it goes only into the order). */
function fromSaved(saved: Address): AddressForm {
  return {
    recipientName: saved.recipientName,
    cpf: "",
    phone: formatPhone(saved.phone),
    cep: formatCep(saved.cep),
    street: saved.street,
    number: saved.number,
    complement: saved.complement ?? "",
    neighborhood: saved.neighborhood,
    city: saved.city,
    state: saved.state,
  };
}

type InitialQuote = { cep: string; options: Quote[] } | null;

function CheckoutForm({ cart, addresses, expiryMinutes, initialQuote }: { cart: Cart; addresses: Address[]; expiryMinutes: number; initialQuote: InitialQuote }) {
  const navigate = useNavigate();
  const idempotencyKey = useRef<string | null>(null);
  const first = addresses[0];
  const [address, setAddress] = useState<AddressForm>(first ? fromSaved(first) : EMPTY_ADDRESS);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [cepNote, setCepNote] = useState<string | null>(null);
  // The loader quoted the first saved address already.
  const [quotes, setQuotes] = useState<Quote[] | null>(initialQuote?.options ?? null);
  const [quoteError, setQuoteError] = useState<string | null>(null);
  const [method, setMethod] = useState<ShippingMethod | null>(() => {
    const options = initialQuote?.options ?? [];
    return options.find((option) => option.method === cart.savedShipping.method)?.method ?? options[0]?.method ?? null;
  });
  const [saveAddress, setSaveAddress] = useState(addresses.length === 0);
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const quotedCep = useRef<string | null>(initialQuote?.cep ?? null);
  const shippingGroup = useId();

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

  async function quote(cep: string) {
    if (quotedCep.current === cep) return;
    quotedCep.current = cep;
    setQuoteError(null);
    try {
      const result = await orderApi<{ options: Quote[] }>("/checkout/shipping-quote", { json: { cep } });
      setQuotes(result.options);
      if (result.options.length === 0) setQuoteError("Não entregamos neste CEP por enquanto.");
      setMethod((current) => (result.options.some((option) => option.method === current) ? current : (result.options[0]?.method ?? null)));
    } catch (error) {
      quotedCep.current = null;
      setQuotes(null);
      setQuoteError(error instanceof ApiCallError ? error.message : "Não foi possível calcular o frete.");
    }
  }

  async function lookupCep() {
    const cep = digits(address.cep);
    if (cep.length !== 8) {
      setErrors((current) => ({ ...current, cep: "O CEP tem 8 dígitos, ex.: 01310-100." }));
      return;
    }
    setErrors(({ cep: _cep, ...rest }) => rest);
    setCepNote("Buscando o endereço…");
    void quote(cep);
    try {
      const result = await orderApi<{ ok: true; address: { street: string; neighborhood: string; city: string; state: string } } | { ok: false; reason: string }>(
        `/checkout/cep/${cep}`,
      );
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
        setCepNote(result.reason === "not_found" ? "CEP não encontrado. Confira o número ou preencha o endereço." : "Não conseguimos buscar o CEP agora. Preencha o endereço.");
      }
    } catch {
      setCepNote("Não conseguimos buscar o CEP agora. Preencha o endereço.");
    }
  }

  const selected = quotes?.find((option) => option.method === method) ?? null;

  function chooseSaved(id: string) {
    const saved = addresses.find((entry) => entry.id === id);
    setErrors({});
    setCepNote(null);
    if (!saved) {
      setAddress((current) => ({ ...EMPTY_ADDRESS, cpf: current.cpf }));
      return;
    }
    setAddress((current) => ({ ...fromSaved(saved), cpf: current.cpf }));
    void quote(saved.cep);
  }

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const data = new FormData(event.currentTarget);
    const next: Record<string, string> = {};
    let parsedAddress: unknown;
    if (cart.needsShipping) {
      const parsed = checkoutAddressSchema.safeParse(address);
      if (parsed.success) parsedAddress = address;
      else Object.assign(next, fieldErrors(parsed.error));
      if (!method) next.shipping = "Escolha a forma de envio.";
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
      const placed = await orderApi<{ orderId: string }>("/checkout/orders", {
        json: {
          idempotencyKey: idempotencyKey.current,
          address: parsedAddress,
          saveAddress: cart.needsShipping && saveAddress,
          shippingMethod: cart.needsShipping ? method : undefined,
          confirmAdult: true,
          acceptTerms: true,
        },
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

  const blocked = cart.lines.some((line) => line.problem);
  let step = 2;
  return (
    <form noValidate onSubmit={onSubmit} aria-label="Finalizar compra" className="space-y-6">
      {cart.needsShipping ? (
        <Step number={step++} title="Endereço de entrega">
          <div className="grid gap-4 sm:grid-cols-6">
            {addresses.length > 0 ? (
              <div className="sm:col-span-6">
                <label htmlFor="checkout-endereco-salvo" className="block text-sm font-medium text-stone-900">
                  Endereço salvo
                </label>
                <select
                  id="checkout-endereco-salvo"
                  defaultValue={first?.id}
                  onChange={(event) => chooseSaved(event.target.value)}
                  className="mt-1 block w-full rounded-lg border border-stone-300 bg-white px-2 py-2.5 text-base"
                >
                  {addresses.map((entry) => (
                    <option key={entry.id} value={entry.id}>
                      {entry.street}, {entry.number} — {entry.city}/{entry.state}
                    </option>
                  ))}
                  <option value="">Outro endereço</option>
                </select>
              </div>
            ) : null}
            <div className="sm:col-span-3">
              <Field
                label="CEP"
                name="cep"
                autoComplete="postal-code"
                inputMode="numeric"
                value={address.cep}
                onChange={set("cep")}
                onBlur={() => digits(address.cep).length === 8 && void lookupCep()}
                error={errors.cep}
                hint="Digite o CEP para preencher o endereço."
              />
            </div>
            <div className="flex items-end sm:col-span-3">
              <button type="button" onClick={() => void lookupCep()} className={buttonClass("secondary")}>
                Buscar CEP
              </button>
            </div>
            <p role="status" className="text-sm text-stone-700 sm:col-span-6">
              {cepNote}
            </p>
            <Field className="sm:col-span-4" label="Nome de quem recebe" name="recipientName" autoComplete="name" value={address.recipientName} onChange={set("recipientName")} error={errors.recipientName} />
            <Field className="sm:col-span-2" label="CPF" name="cpf" inputMode="numeric" value={address.cpf} onChange={set("cpf")} error={errors.cpf} />
            <Field className="sm:col-span-2" label="Telefone" name="phone" type="tel" autoComplete="tel-national" inputMode="tel" value={address.phone} onChange={set("phone")} error={errors.phone} />
            <Field className="sm:col-span-4" label="Rua" name="street" autoComplete="address-line1" value={address.street} onChange={set("street")} error={errors.street} />
            <Field className="sm:col-span-2" label="Número" name="number" value={address.number} onChange={set("number")} error={errors.number} />
            <Field className="sm:col-span-4" label="Complemento (opcional)" name="complement" autoComplete="address-line2" value={address.complement} onChange={set("complement")} error={errors.complement} />
            <Field className="sm:col-span-3" label="Bairro" name="neighborhood" value={address.neighborhood} onChange={set("neighborhood")} error={errors.neighborhood} />
            <Field className="sm:col-span-2" label="Cidade" name="city" autoComplete="address-level2" value={address.city} onChange={set("city")} error={errors.city} />
            <UfSelect className="sm:col-span-1" id="checkout-uf" value={address.state} onChange={set("state")} error={errors.state} />
            <label className="flex items-center gap-2 text-sm sm:col-span-6">
              <input type="checkbox" checked={saveAddress} onChange={(event) => setSaveAddress(event.target.checked)} className="size-4" />
              Salvar este endereço na minha conta
            </label>
          </div>
        </Step>
      ) : null}
      {cart.needsShipping ? (
        <Step number={step++} title="Envio">
          <fieldset aria-describedby={errors.shipping || quoteError ? `${shippingGroup}-erro` : undefined}>
            <legend className="sr-only">Forma de envio</legend>
            {quotes === null && !quoteError ? <p className="text-sm text-stone-700">Informe o CEP para ver as opções de envio.</p> : null}
            <div className="space-y-2">
              {(quotes ?? []).map((option) => (
                <label key={option.method} className="flex cursor-pointer items-center gap-3 rounded-lg border border-stone-300 p-3 has-[:checked]:border-emerald-800">
                  <input
                    type="radio"
                    name="shippingMethod"
                    value={option.method}
                    checked={method === option.method}
                    onChange={() => {
                      setMethod(option.method);
                      clearError("shipping");
                    }}
                    className="size-4"
                  />
                  <span className="flex-1 font-medium">{option.label || SHIPPING_METHOD_LABELS[option.method]}</span>
                  <span className="text-sm text-stone-700">até {option.deliveryDays} dias úteis</span>
                  <span className="font-semibold">{formatBRL(option.priceCents)}</span>
                </label>
              ))}
            </div>
            {errors.shipping || quoteError ? (
              <p id={`${shippingGroup}-erro`} className="mt-2 text-sm text-red-800">
                {errors.shipping ?? quoteError}
              </p>
            ) : null}
          </fieldset>
        </Step>
      ) : null}
      <Step number={step++} title="Revisão e pagamento">
        <CartLines cart={cart} shippingCents={cart.needsShipping ? (selected?.priceCents ?? null) : 0} />
        <div className="mt-5 space-y-3 text-sm">
          <Confirmation name="confirmAdult" errorId="confirmar-idade-erro" error={errors.confirmAdult} onChange={() => clearError("confirmAdult")}>
            Declaro que tenho 18 anos ou mais. Declarar idade falsa é crime.
          </Confirmation>
          <Confirmation name="acceptTerms" errorId="aceitar-termos-erro" error={errors.acceptTerms} onChange={() => clearError("acceptTerms")}>
            Li e aceito os{" "}
            <Link to="/termos" target="_blank" className="font-medium text-emerald-800 underline">
              termos
            </Link>
            , incluindo a devolução em até 7 dias de produtos fechados na embalagem original.
          </Confirmation>
        </div>
        <p className="mt-4 text-sm text-stone-700">Você paga com Pix na próxima tela. O pedido fica reservado por {expiryMinutes} minutos.</p>
        {formError ? (
          <div className="mt-4">
            <FormMessage kind="error">{formError}</FormMessage>
          </div>
        ) : null}
        <button type="submit" disabled={pending || blocked} className={buttonClass("primary", "mt-4 w-full")}>
          {pending ? "Fechando o pedido…" : "Fazer pedido e pagar com Pix"}
        </button>
      </Step>
    </form>
  );
}

export function CheckoutPage({ data, path }: { data: CheckoutData; path: string }) {
  const { user } = useAuth();
  const revalidator = useRevalidator();
  const signedInHere = user !== null && !data.signedIn;

  // Sign-in moves the visitor's cart to the account in the background; read again when it lands.
  useEffect(() => {
    if (signedInHere) void revalidator.revalidate();
    return onCartSignal((detail) => {
      if (detail.type === "cart-updated" || detail.type === "added" || detail.type === "removed" || detail.type === "updated") void revalidator.revalidate();
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [signedInHere]);

  return (
    <section className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-bold text-stone-950">Finalizar compra</h1>
      <div className="mt-6 space-y-6">
        {!data.signedIn ? (
          <Identification next={path} />
        ) : !data.cart || data.cart.lines.length === 0 ? (
          <div className="rounded-2xl border border-stone-200 bg-white p-5">
            <p className="text-stone-800">Seu carrinho está vazio.</p>
            <Link to="/" className={buttonClass("primary", "mt-4")}>
              Ver produtos
            </Link>
          </div>
        ) : (
          <>
            <Step number={1} title="Identificação">
              <p className="text-sm text-stone-800">
                Comprando como <strong>{data.user.email}</strong>.
              </p>
            </Step>
            <CheckoutForm cart={data.cart} addresses={data.addresses} expiryMinutes={data.expiryMinutes} initialQuote={data.initialQuote} />
          </>
        )}
      </div>
    </section>
  );
}
